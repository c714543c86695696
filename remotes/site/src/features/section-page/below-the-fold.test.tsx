import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { useBelowTheFold } from './below-the-fold';

function Page() {
  const belowTheFold = useBelowTheFold();
  return (
    <>
      <h1>Hero</h1>
      {belowTheFold && <p>The rest of the page</p>}
      {belowTheFold && <footer>The footer</footer>}
    </>
  );
}

function page(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Page />
    </MemoryRouter>,
  );
}

describe('useBelowTheFold', () => {
  it('leaves its parts out of the first commit and renders them together in the next task', async () => {
    page('/');
    expect(screen.getByRole('heading', { name: 'Hero' })).toBeInTheDocument();
    expect(screen.queryByText('The rest of the page')).not.toBeInTheDocument();
    expect(screen.queryByText('The footer')).not.toBeInTheDocument();
    expect(await screen.findByText('The rest of the page')).toBeInTheDocument();
    expect(screen.getByText('The footer')).toBeInTheDocument();
  });

  it('renders at once when the address points into the page', () => {
    page('/#newsletter');
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
    expect(screen.getByText('The footer')).toBeInTheDocument();
  });
});
