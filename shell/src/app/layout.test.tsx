import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Layout } from './layout';

function setup(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/cafe', element: <h1>Cafe page</h1> },
          // one route for both paths below, so the input stays mounted and focused
          { path: '/common-room/*', element: <input aria-label="Search" /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Layout', () => {
  it('redirects a capitalised known section to lower case', async () => {
    const router = setup('/Cafe?x=1#top');
    expect(await screen.findByRole('heading', { name: 'Cafe page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cafe');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('does not redirect while an input is focused', async () => {
    const router = setup('/common-room/a');
    screen.getByRole('textbox', { name: 'Search' }).focus();
    await act(() => router.navigate('/COMMON-ROOM/b'));
    expect(router.state.location.pathname).toBe('/COMMON-ROOM/b');
    // The same path with nothing focused is redirected.
    screen.getByRole('textbox', { name: 'Search' }).blur();
    await act(() => router.navigate('/Common-Room/c'));
    expect(router.state.location.pathname).toBe('/common-room/c');
  });

  it('has a skip link and the main navigation with every section', () => {
    setup('/cafe');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['CAFE', 'COCKTAILS', 'BEER', 'KITCHENS', 'HALL', 'COMMUNITY', 'THE COMMON ROOM']));
    expect(screen.getByRole('link', { name: 'CAFE' })).toHaveAttribute('aria-current', 'page');
  });
});
