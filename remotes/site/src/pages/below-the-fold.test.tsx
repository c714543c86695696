import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { BelowTheFold } from './below-the-fold';

function page(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <h1>Hero</h1>
      <BelowTheFold>
        <p>The rest of the page</p>
      </BelowTheFold>
    </MemoryRouter>,
  );
}

describe('BelowTheFold', () => {
  it('leaves its part out of the first commit and renders it in the next task', async () => {
    page('/');
    expect(screen.getByRole('heading', { name: 'Hero' })).toBeInTheDocument();
    expect(screen.queryByText('The rest of the page')).not.toBeInTheDocument();
    expect(await screen.findByText('The rest of the page')).toBeInTheDocument();
  });

  it('renders at once when the address points into the page', () => {
    page('/#newsletter');
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
  });
});
