import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@croft/router';
import { queryWrapper } from '@croft/query/testing';
import { TopNav } from './top-nav';

/**
 * index.html paints the top navigation before any JavaScript runs (first contentful paint on a
 * slow phone), then React renders the same markup over it. If the two drift apart the page
 * would visibly change when React starts, so this test keeps them identical.
 */
describe('static first paint', () => {
  it('index.html carries exactly the markup TopNav renders', () => {
    const html = readFileSync(resolve(__dirname, '../index.html'), 'utf8');
    const match = /<!-- static-chrome:start -->([\s\S]*?)<!-- static-chrome:end -->/.exec(html);
    expect(match, 'index.html lost its static-chrome markers').not.toBeNull();
    const Query = queryWrapper();
    const rendered = renderToStaticMarkup(
      <Query>
        <MemoryRouter initialEntries={['/']}>
          <TopNav />
        </MemoryRouter>
      </Query>,
    );
    expect(match![1].trim()).toBe(rendered);
  });
});
