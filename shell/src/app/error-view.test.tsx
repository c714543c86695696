import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouterErrorView, describeRouteError } from './error-view';

describe('RouterErrorView', () => {
  it('shows the spec heading with the thrown message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouterErrorView />,
        Component: () => {
          throw new Error('Menu data is corrupt');
        },
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Menu data is corrupt')).toBeInTheDocument();
  });

  it('shows the status of a thrown response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouterErrorView />,
        loader: () => {
          throw new Response('gone', { status: 410, statusText: 'Gone' });
        },
        Component: () => null,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('410 Gone')).toBeInTheDocument();
  });

  it('describes unknown throwables', () => {
    expect(describeRouteError('plain')).toBe('plain');
    expect(describeRouteError(42)).toBe('Unknown error');
  });
});
