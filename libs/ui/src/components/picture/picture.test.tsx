import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageSrcSet } from '@croft/contracts';
import { Picture } from './picture';

describe('Picture', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const sources = (container: HTMLElement) => [...container.querySelectorAll('picture > source')] as HTMLSourceElement[];

  it('renders AVIF then WebP sources from the image id, with sizes and an explicit size', () => {
    const { container } = render(
      <Picture imageId="cafe-1" alt="Coffee rings" sizes="(min-width: 768px) 50vw, 100vw" loading="eager" fetchPriority="high" />,
    );
    const [avif, webp] = sources(container);
    expect(avif).toHaveAttribute('type', 'image/avif');
    expect(avif).toHaveAttribute('srcset', imageSrcSet('cafe-1', 'avif'));
    expect(avif.getAttribute('srcset')).toContain('/images/cafe-1-480.avif 480w');
    expect(avif).toHaveAttribute('sizes', '(min-width: 768px) 50vw, 100vw');
    expect(webp).toHaveAttribute('type', 'image/webp');
    expect(webp).toHaveAttribute('srcset', imageSrcSet('cafe-1', 'webp'));
    const img = screen.getByRole('img', { name: 'Coffee rings' });
    expect(img).toHaveAttribute('src', '/images/cafe-1-768.webp');
    expect(img).toHaveAttribute('width', '1920');
    expect(img).toHaveAttribute('height', '1280');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    // The first-paint image is named for Element Timing (the gateway's loader waits for it).
    expect(img).toHaveAttribute('elementtiming', 'hero');
    expect(img.parentElement?.tagName).toBe('PICTURE');
  });

  it('is lazy and async-decoded by default, and fits its box when asked', () => {
    render(<Picture imageId="beer-2" alt="" fit="cover" position="center top" width={960} height={640} />);
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('elementtiming');
    expect(img).toHaveAttribute('width', '960');
    expect(img.style.objectFit).toBe('cover');
    expect(img.style.objectPosition).toBe('center top');
  });

  it('retries every source with cache-bypass params at 500 ms and 2000 ms, then shows "Image unavailable"', () => {
    const { container } = render(<Picture imageId="hall-1" alt="Stage lights" />);
    const t0 = Date.now();
    fireEvent.error(screen.getByRole('img'));
    act(() => vi.advanceTimersByTime(500));
    const [avif, webp] = sources(container);
    expect(avif.getAttribute('srcset')).toContain(`/images/hall-1-480.avif?retry=1&t=${t0 + 500} 480w`);
    expect(webp.getAttribute('srcset')).toContain(`/images/hall-1-1920.webp?retry=1&t=${t0 + 500} 1920w`);
    expect(screen.getByRole('img')).toHaveAttribute('src', `/images/hall-1-768.webp?retry=1&t=${t0 + 500}`);

    fireEvent.error(screen.getByRole('img'));
    act(() => vi.advanceTimersByTime(2000));
    expect(sources(container)[0].getAttribute('srcset')).toContain('retry=2');

    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });

  it('starts over when the image id changes', () => {
    const { rerender, container } = render(<Picture imageId="hall-1" alt="A" />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<Picture imageId="hall-2" alt="A" />);
    act(() => vi.advanceTimersByTime(5000));
    expect(sources(container)[0]).toHaveAttribute('srcset', imageSrcSet('hall-2', 'avif'));
  });

  it('refuses an empty image id', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Picture imageId=" " alt="" />)).toThrow('Picture needs an `imageId`.');
  });
});
