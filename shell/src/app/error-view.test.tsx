import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { RouteErrorBoundary, describeRouteError } from './error-view';

function Broken(): never {
  throw new Error('Menu data is corrupt');
}

describe('RouteErrorBoundary', () => {
  it('shows the spec heading with the thrown message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/" element={<Broken />} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Menu data is corrupt')).toBeInTheDocument();
  });

  it('describes a thrown response by its status, and other throwables', () => {
    expect(describeRouteError(new Response('gone', { status: 410, statusText: 'Gone' }))).toBe('410 Gone');
    expect(describeRouteError({ status: 404 })).toBe('404');
    expect(describeRouteError('plain')).toBe('plain');
    expect(describeRouteError(42)).toBe('Unknown error');
  });
});
