import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { globalTextQuery } from '../api/get-brand-name';
import { TopNav } from '../top-nav';
import { TransitionProvider } from './transition-context';
import { IntroOverlay, INTRO_PLAYED_KEY } from './intro-overlay';
import { resetPreloadedImages } from './image-preload';
import { BUNDLED_LOGO, LOGO_SRC } from './overlay-logo';
import { INTRO_MS, TRANSITION_MS } from './overlay-timings';

let where = '';
function Where() {
  where = useLocation().pathname;
  return null;
}

/** The brand name's read answers at once with no rows (these tests are about the overlays). */
function noContent() {
  const client = createTestQueryClient();
  client.setQueryData(globalTextQuery().queryKey, []);
  return client;
}

function renderNav(initial = '/') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <TransitionProvider>
        <Where />
        <TopNav />
        <Routes>
          <Route path="*" element={<main id="main">page</main>} />
        </Routes>
      </TransitionProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper(noContent()) },
  );
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

describe('navigation transitions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPreloadedImages();
    document.head.querySelectorAll('link[data-croft-preload]').forEach((l) => l.remove());
    setReducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it('hovering an entry preloads three images of that section, once', () => {
    renderNav();
    const beer = screen.getByRole('link', { name: 'BEER' });
    fireEvent.pointerEnter(beer);
    fireEvent.pointerEnter(beer);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[data-croft-preload]')];
    expect(links.map((l) => l.dataset.croftPreload)).toEqual(['beer-1', 'beer-2', 'beer-3']);
    expect(links[0].getAttribute('imagesrcset')).toContain('/images/beer-1-768.avif 768w');
    expect(links[0].type).toBe('image/avif');
  });

  it('never preloads for the common room', () => {
    renderNav();
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'THE COMMON ROOM' }));
    expect(document.head.querySelectorAll('link[data-croft-preload]')).toHaveLength(0);
  });

  it('a click shows the soft overlay with the preview, then navigates after 900 ms', () => {
    renderNav('/cafe');
    fireEvent.click(screen.getByRole('link', { name: 'KITCHENS' }));
    expect(where).toBe('/cafe');
    const overlay = screen.getByRole('status');
    expect(overlay).toHaveAttribute('data-variant', 'soft');
    expect(overlay.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toContain('/images/kitchens-1-480.avif');
    expect(screen.getByRole('img', { name: 'CROFT COMMON' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TRANSITION_MS.softLogo));
    expect(where).toBe('/kitchens');
    act(() => vi.advanceTimersByTime(TRANSITION_MS.hide + TRANSITION_MS.reset));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KITCHENS' })).toHaveAttribute('aria-current', 'page');
  });

  it('closes the mobile menu on click', () => {
    renderNav('/cafe');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('link', { name: 'HALL' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a modified click (new tab) navigates plainly: no overlay, no preventDefault', () => {
    renderNav('/cafe');
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'BEER' }), { ctrlKey: true });
    expect(notPrevented).toBe(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('the logo goes to / with a transition', () => {
    renderNav('/beer');
    fireEvent.click(screen.getByRole('link', { name: 'Croft Common, home' }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TRANSITION_MS.softLogo));
    expect(where).toBe('/');
  });

  it('the overlay logo falls back to the bundled image when the primary fails', () => {
    renderNav('/cafe');
    fireEvent.click(screen.getByRole('link', { name: 'BEER' }));
    const logo = screen.getByRole('img', { name: 'CROFT COMMON' });
    expect(logo).toHaveAttribute('src', LOGO_SRC);
    fireEvent.error(logo);
    expect(logo).toHaveAttribute('src', BUNDLED_LOGO);
  });
});

describe('intro overlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    setReducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  function renderIntro(initial: string, redirectTo?: string) {
    return render(
      <MemoryRouter initialEntries={[initial]}>
        <Where />
        <IntroOverlay redirectTo={redirectTo} />
      </MemoryRouter>,
    );
  }

  it('plays on / once per session: strobe, then the logo, then fades away', () => {
    const { container, unmount } = renderIntro('/');
    const overlay = () => container.querySelector('.shell-intro');
    expect(overlay()).toHaveAttribute('data-phase', 'strobe');
    expect(sessionStorage.getItem(INTRO_PLAYED_KEY)).toBe('1');
    act(() => vi.advanceTimersByTime(INTRO_MS.strobe));
    expect(overlay()).toHaveAttribute('data-phase', 'logo');
    expect(screen.getByRole('img', { name: 'CROFT COMMON' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(INTRO_MS.logo));
    expect(overlay()).toHaveAttribute('data-phase', 'fade');
    act(() => vi.advanceTimersByTime(INTRO_MS.fade));
    expect(overlay()).toBeNull();
    unmount();
    // same session: not again
    const again = renderIntro('/');
    expect(again.container.querySelector('.shell-intro')).toBeNull();
  });

  it('does not play on other pages', () => {
    const { container } = renderIntro('/cafe');
    expect(container.querySelector('.shell-intro')).toBeNull();
    expect(sessionStorage.getItem(INTRO_PLAYED_KEY)).toBeNull();
  });

  it('reduced motion skips the strobe and goes straight to the logo', () => {
    setReducedMotion(true);
    const { container } = renderIntro('/');
    expect(container.querySelector('.shell-intro')).toHaveAttribute('data-phase', 'logo');
    act(() => vi.advanceTimersByTime(INTRO_MS.logo));
    expect(container.querySelector('.shell-intro')).toBeNull();
  });

  it('navigates to the redirect target after the animation', () => {
    renderIntro('/', '/common-good');
    act(() => vi.runAllTimers());
    expect(where).toBe('/common-good');
  });

  it('Skip intro ends it at once', () => {
    const { container } = renderIntro('/');
    fireEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    expect(container.querySelector('.shell-intro')).toBeNull();
  });
});
