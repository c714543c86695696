import { useEffect, useRef, useState } from 'react';
import type { ComponentPropsWithRef, CSSProperties, SyntheticEvent } from 'react';
import { IMAGE_RETRY_DELAYS_MS, IMAGE_UNAVAILABLE_TEXT } from '@croft/contracts';
import { cx } from '../../utils/cx';
import { canCacheBust, srcSetWithCacheBust, withCacheBust } from './cache-bust';
import './resilient-image.css';

/** A <source> of a <picture>: its srcset is cache-bypassed on retries like the <img>'s. */
export interface ResilientImageSource {
  srcSet: string;
  /** MIME type, e.g. 'image/avif'. */
  type?: string;
  sizes?: string;
  media?: string;
}

export type ResilientImageProps = Omit<ComponentPropsWithRef<'img'>, 'src' | 'alt'> & {
  src: string;
  /** Required: "" for a decorative image. */
  alt: string;
  /** Waits before each retry (default 500 ms then 2000 ms: two retries). */
  retryDelays?: readonly number[];
  /** Text shown once every retry failed. */
  unavailableText?: string;
  /** Called once when the image is given up on. */
  onGiveUp?: () => void;
  /**
   * Alternative formats: when given, the <img> is wrapped in a <picture> with
   * one <source> each (in order), and retries bypass the cache for them too.
   */
  sources?: readonly ResilientImageSource[];
};

type Attempt = { src: string; srcSet?: string; sourcesKey: string; retry: number; stamp: number; failed: boolean };

const keyOf = (sources: readonly ResilientImageSource[] | undefined) =>
  sources ? JSON.stringify(sources.map((s) => [s.srcSet, s.type, s.sizes, s.media])) : '';

const toCss = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/**
 * An <img> that retries a failed load after 500 ms and again after 2000 ms,
 * each time with a cache-bypassing `retry=<n>&t=<ts>` query, and then shows
 * a box reading "Image unavailable" in its place.
 */
export function ResilientImage({
  src,
  srcSet,
  alt,
  retryDelays = IMAGE_RETRY_DELAYS_MS,
  unavailableText = IMAGE_UNAVAILABLE_TEXT,
  onGiveUp,
  sources,
  onError,
  className,
  style,
  width,
  height,
  ...rest
}: ResilientImageProps) {
  const sourcesKey = keyOf(sources);
  const [attempt, setAttempt] = useState<Attempt>({ src, srcSet, sourcesKey, retry: 0, stamp: 0, failed: false });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new src starts over (state adjusted during render, the React way).
  let current = attempt;
  const same = (a: Attempt) => a.src === src && a.srcSet === srcSet && a.sourcesKey === sourcesKey;
  if (!same(attempt)) {
    current = { src, srcSet, sourcesKey, retry: 0, stamp: 0, failed: false };
    setAttempt(current);
  }

  // Pending retries are dropped when the source changes or we unmount.
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [src, srcSet, sourcesKey],
  );

  const handleError = (event: SyntheticEvent<HTMLImageElement, Event>) => {
    onError?.(event);
    if (timer.current !== null || current.failed) return;
    const retry = current.retry;
    if (retry >= retryDelays.length || !canCacheBust(src)) {
      setAttempt((a) => (same(a) ? { ...a, failed: true } : a));
      onGiveUp?.();
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      setAttempt((a) => (same(a) ? { ...a, retry: retry + 1, stamp: Date.now() } : a));
    }, retryDelays[retry]);
  };

  if (current.failed) {
    const box: CSSProperties = {
      width: toCss(width),
      aspectRatio: width && height ? `${width} / ${height}` : undefined,
      ...style,
    };
    return (
      <div
        className={cx('cc-image-fallback', className)}
        style={box}
        title={alt || undefined}
        aria-hidden={alt === '' ? true : undefined}
        data-testid="image-unavailable"
      >
        {unavailableText}
      </div>
    );
  }

  const shownSrc = current.retry ? withCacheBust(src, current.retry, current.stamp) : src;
  const shownSrcSet =
    srcSet && current.retry ? srcSetWithCacheBust(srcSet, current.retry, current.stamp) : srcSet;

  const img = (
    <img
      {...rest}
      src={shownSrc}
      srcSet={shownSrcSet}
      alt={alt}
      width={width}
      height={height}
      style={style}
      className={cx('cc-image', className)}
      onError={handleError}
    />
  );
  if (!sources?.length) return img;
  return (
    <picture className="cc-picture">
      {sources.map((source) => (
        <source
          key={`${source.type ?? ''}|${source.media ?? ''}|${source.srcSet}`}
          srcSet={current.retry ? srcSetWithCacheBust(source.srcSet, current.retry, current.stamp) : source.srcSet}
          type={source.type}
          sizes={source.sizes}
          media={source.media}
        />
      ))}
      {img}
    </picture>
  );
}
