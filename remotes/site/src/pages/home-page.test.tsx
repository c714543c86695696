import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { createMockServer } from '@croft/mocks/node';
import HomePage from './home-page';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  document.querySelectorAll('main[data-prerendered]').forEach((n) => n.remove());
});
afterAll(() => server.close());

describe('HomePage', () => {
  it('shows the carousel, the CMS heading, OPEN and BOOK', () => {
    render(<HomePage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Croft Common highlights' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(document.querySelector('.cc-hero__slide[data-index="0"] img')).toHaveAttribute('fetchpriority', 'high');
  });

  it("takes over the server's prerendered first slide image as the same element", () => {
    const prerendered = document.createElement('main');
    prerendered.setAttribute('data-prerendered', '');
    prerendered.dataset.section = 'home';
    prerendered.innerHTML = '<div class="cc-hero__slide" data-index="0"><picture class="cc-picture"><img id="server-slide" alt=""></picture></div>';
    document.body.append(prerendered);
    const serverImage = document.getElementById('server-slide');
    render(<HomePage />, { wrapper: MemoryRouter });
    const region = screen.getByRole('region', { name: 'Croft Common highlights' });
    expect(region.querySelector('.cc-hero__slide[data-index="0"] img')).toBe(serverImage);
  });
});
