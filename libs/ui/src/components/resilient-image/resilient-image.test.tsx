import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canCacheBust, srcSetWithCacheBust, withCacheBust } from './cache-bust';
import { ResilientImage } from './resilient-image';

describe('withCacheBust', () => {
  it('starts a query when there is none', () => {
    expect(withCacheBust('/img/hero.avif', 1, 42)).toBe('/img/hero.avif?retry=1&t=42');
  });
  it('extends an existing query', () => {
    expect(withCacheBust('https://cdn.example/x.jpg?w=800&q=70', 2, 7)).toBe(
      'https://cdn.example/x.jpg?w=800&q=70&retry=2&t=7',
    );
  });
  it('does not double a trailing ? or &', () => {
    expect(withCacheBust('/x.jpg?', 1, 1)).toBe('/x.jpg?retry=1&t=1');
    expect(withCacheBust('/x.jpg?a=1&', 1, 1)).toBe('/x.jpg?a=1&retry=1&t=1');
  });
  it('keeps the fragment at the end', () => {
    expect(withCacheBust('/sprite.svg#logo', 1, 5)).toBe('/sprite.svg?retry=1&t=5#logo');
    expect(withCacheBust('/s.svg?v=3#logo', 1, 5)).toBe('/s.svg?v=3&retry=1&t=5#logo');
  });
  it('leaves data: and blob: URLs alone', () => {
    expect(canCacheBust('data:image/png;base64,AAAA')).toBe(false);
    expect(withCacheBust('data:image/png;base64,AAAA', 1, 1)).toBe('data:image/png;base64,AAAA');
    expect(canCacheBust('blob:https://x/123')).toBe(false);
  });
});

describe('srcSetWithCacheBust', () => {
  it('busts every candidate and keeps descriptors', () => {
    expect(srcSetWithCacheBust('a.jpg 1x, b.jpg?w=2 2x', 1, 9)).toBe('a.jpg?retry=1&t=9 1x, b.jpg?w=2&retry=1&t=9 2x');
  });
  it('handles width descriptors, no spaces after commas, and bare URLs', () => {
    expect(srcSetWithCacheBust('s.jpg 480w,m.jpg 960w', 2, 3)).toBe('s.jpg?retry=2&t=3 480w, m.jpg?retry=2&t=3 960w');
    expect(srcSetWithCacheBust('only.jpg', 1, 1)).toBe('only.jpg?retry=1&t=1');
    expect(srcSetWithCacheBust('a.jpg, b.jpg 2x', 1, 1)).toBe('a.jpg?retry=1&t=1, b.jpg?retry=1&t=1 2x');
  });
});

describe('ResilientImage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const img = () => screen.getByRole('img') as HTMLImageElement;

  it('passes the image attributes through', () => {
    render(
      <ResilientImage
        src="/hero.jpg"
        srcSet="/hero-480.jpg 480w, /hero-960.jpg 960w"
        sizes="100vw"
        alt="The bar at night"
        width={960}
        height={540}
        loading="lazy"
        fetchPriority="high"
      />,
    );
    const el = screen.getByRole('img', { name: 'The bar at night' });
    expect(el).toHaveAttribute('src', '/hero.jpg');
    expect(el).toHaveAttribute('srcset', '/hero-480.jpg 480w, /hero-960.jpg 960w');
    expect(el).toHaveAttribute('sizes', '100vw');
    expect(el).toHaveAttribute('width', '960');
    expect(el).toHaveAttribute('height', '540');
    expect(el).toHaveAttribute('loading', 'lazy');
    expect(el).toHaveAttribute('fetchpriority', 'high');
  });

  it('retries after 500 ms and 2000 ms with cache-bypass params, then shows "Image unavailable"', () => {
    const onGiveUp = vi.fn();
    render(<ResilientImage src="/hero.jpg?w=800" srcSet="/a.jpg 1x, /b.jpg 2x" alt="Hero" onGiveUp={onGiveUp} />);
    const t0 = Date.now();

    fireEvent.error(img());
    act(() => vi.advanceTimersByTime(499));
    expect(img()).toHaveAttribute('src', '/hero.jpg?w=800');
    act(() => vi.advanceTimersByTime(1));
    expect(img()).toHaveAttribute('src', `/hero.jpg?w=800&retry=1&t=${t0 + 500}`);
    expect(img()).toHaveAttribute('srcset', `/a.jpg?retry=1&t=${t0 + 500} 1x, /b.jpg?retry=1&t=${t0 + 500} 2x`);

    fireEvent.error(img());
    act(() => vi.advanceTimersByTime(1999));
    expect(img().getAttribute('src')).toContain('retry=1');
    act(() => vi.advanceTimersByTime(1));
    expect(img()).toHaveAttribute('src', `/hero.jpg?w=800&retry=2&t=${t0 + 2500}`);
    expect(onGiveUp).not.toHaveBeenCalled();

    fireEvent.error(img());
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('ignores duplicate error events while a retry is pending', () => {
    render(<ResilientImage src="/x.jpg" alt="X" />);
    fireEvent.error(img());
    fireEvent.error(img());
    act(() => vi.advanceTimersByTime(500));
    expect(img().getAttribute('src')).toContain('retry=1');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing more once loaded', () => {
    render(<ResilientImage src="/ok.jpg" alt="OK" />);
    fireEvent.load(img());
    act(() => vi.advanceTimersByTime(10_000));
    expect(img()).toHaveAttribute('src', '/ok.jpg');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer on unmount', () => {
    const { unmount } = render(<ResilientImage src="/x.jpg" alt="X" />);
    fireEvent.error(img());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts over when src changes, dropping the old retry', () => {
    const { rerender } = render(<ResilientImage src="/one.jpg" alt="X" />);
    fireEvent.error(img());
    rerender(<ResilientImage src="/two.jpg" alt="X" />);
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(img()).toHaveAttribute('src', '/two.jpg');
  });

  it('gives up at once on a data: URL (a retry could not bypass a cache)', () => {
    render(<ResilientImage src="data:image/png;base64,broken" alt="X" />);
    fireEvent.error(img());
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });

  it('keeps the reserved size for the unavailable box', () => {
    render(<ResilientImage src="/x.jpg" alt="Hero" width={400} height={300} retryDelays={[]} className="hero" />);
    fireEvent.error(img());
    const box = screen.getByTestId('image-unavailable');
    expect(box).toHaveClass('cc-image-fallback', 'hero');
    expect(box.style.width).toBe('400px');
    expect(box.style.aspectRatio).toBe('400 / 300');
    expect(box).toHaveAttribute('title', 'Hero');
  });
});
