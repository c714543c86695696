import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { createMockServer } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import HomePage from './home-page';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('HomePage', () => {
  it('shows the carousel, the CMS heading, OPEN and BOOK', () => {
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
      { wrapper: queryWrapper() },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Croft Common highlights' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(document.querySelector('.cc-hero__slide[data-index="0"] img')).toHaveAttribute('fetchpriority', 'high');
  });
});
