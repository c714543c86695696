import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_SETS } from '@croft/contracts';
import { HeroCarousel } from './hero-carousel';
import type { HeroSlide } from './hero-carousel';

const slides: HeroSlide[] = BACKGROUND_SETS.home.map(({ id, alt, overlay, position }) => ({ id, alt, overlay, position }));

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe('HeroCarousel markup before any script runs (prerendered first paint)', () => {
  const html = renderToString(<HeroCarousel slides={slides} actions={<a href="/book">Book</a>} />);
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('paints slide 1 at once: eager, fetchpriority high, no hidden or faded start', () => {
    const imgs = doc.querySelectorAll('.cc-hero__slide img');
    expect(imgs[0].getAttribute('alt')).toBe(slides[0].alt);
    expect(imgs[0].getAttribute('loading')).toBe('eager');
    expect(imgs[0].getAttribute('fetchpriority')).toBe('high');
    expect(imgs[0].getAttribute('width')).toBe('1920');
    expect(imgs[0].getAttribute('height')).toBe('1280');
    expect(html).not.toMatch(/opacity:\s*0/);
    expect(doc.querySelector('.cc-hero__slide')!.getAttribute('aria-hidden')).toBeNull();
  });

  it('holds only the first 2 images (the rest come after mount)', () => {
    expect(doc.querySelectorAll('.cc-hero__slide')).toHaveLength(4);
    expect(doc.querySelectorAll('.cc-hero__slide img')).toHaveLength(2);
  });

  it('labels the carousel, its slides and its controls', () => {
    const region = doc.querySelector('section')!;
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.getAttribute('aria-label')).toBe('Highlights');
    const groups = [...doc.querySelectorAll('[aria-roledescription="slide"]')].map((g) => g.getAttribute('aria-label'));
    expect(groups).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    const names = [...doc.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Pause slideshow',
      'Previous slide',
      'Show slide 1 of 4',
      'Show slide 2 of 4',
      'Show slide 3 of 4',
      'Show slide 4 of 4',
      'Next slide',
    ]);
    expect(doc.querySelector('.cc-hero__actions a')!.textContent).toBe('Book');
  });
});

describe('HeroCarousel in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('ResizeObserver', NoopObserver);
    vi.stubGlobal('IntersectionObserver', NoopObserver);
    // jsdom has no matchMedia; embla asks for its (empty) breakpoint queries.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('mobile: loads the other images 1 s after mount', () => {
    const { container } = render(<HeroCarousel slides={slides} environment={{ viewportWidth: 390, reducedMotion: false }} />);
    expect(container.querySelectorAll('.cc-hero__slide img')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(999));
    expect(container.querySelectorAll('.cc-hero__slide img')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelectorAll('.cc-hero__slide img')).toHaveLength(4);
  });

  it('desktop: loads every image right after mount, the first with high priority and the rest low', () => {
    const { container } = render(<HeroCarousel slides={slides} environment={{ viewportWidth: 1280, reducedMotion: false }} />);
    const imgs = container.querySelectorAll('.cc-hero__slide img');
    expect(imgs).toHaveLength(4);
    expect([...imgs].map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', 'low', 'low', 'low']);
  });

  it('the pause button stops and restarts autoplay', () => {
    render(<HeroCarousel slides={slides} environment={{ viewportWidth: 1280, reducedMotion: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('reduced motion: offers Play instead of Pause', () => {
    render(<HeroCarousel slides={slides} environment={{ viewportWidth: 1280, reducedMotion: true }} />);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it('renders one slide without controls, and nothing for none', () => {
    const { container, rerender } = render(<HeroCarousel slides={slides.slice(0, 1)} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('img', { name: slides[0].alt })).toBeInTheDocument();
    rerender(<HeroCarousel slides={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
