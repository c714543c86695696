import type { CSSProperties } from 'react';
import { IMAGE_ASPECT, imageSrcSet, imageUrl } from '@croft/contracts';
import { cx } from '../../utils/cx';
import { ResilientImage } from '../resilient-image/resilient-image';
import type { ResilientImageProps, ResilientImageSource } from '../resilient-image/resilient-image';
import './picture.css';

export type PictureProps = Omit<
  ResilientImageProps,
  'src' | 'srcSet' | 'sources' | 'width' | 'height' | 'sizes' | 'alt' | 'loading' | 'fetchPriority'
> & {
  /** Catalogue image id (libs/contracts imagery), e.g. 'cafe-1' → /images/cafe-1-<w>.<avif|webp>. */
  imageId: string;
  /** Required: "" for a decorative image. */
  alt: string;
  /** Rendered size hint for the browser's choice of width (default: the full viewport). */
  sizes?: string;
  /** Intrinsic size; reserves the box before the image arrives (default 1920×1280, 3:2). */
  width?: number;
  height?: number;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  /** 'cover' fills the parent box (object-fit), for backgrounds and slides. */
  fit?: 'cover' | 'contain';
  /** object-position when fitted, e.g. 'center top'. */
  position?: string;
};

/** The `elementtiming` name of a high-priority (first-paint) image. */
const HERO_ELEMENT_TIMING = 'hero';

/** The `<source>`s for a catalogue image: AVIF first, then WebP. */
export function pictureSources(imageId: string, sizes: string): ResilientImageSource[] {
  return [
    { type: 'image/avif', srcSet: imageSrcSet(imageId, 'avif'), sizes },
    { type: 'image/webp', srcSet: imageSrcSet(imageId, 'webp'), sizes },
  ];
}

/**
 * A `<picture>` for a catalogue image: AVIF and WebP sources at every width,
 * explicit width/height (no layout shift), and ResilientImage's failure
 * handling (retry after 500 ms and 2000 ms bypassing caches, then
 * 'Image unavailable').
 */
export function Picture({
  imageId,
  alt,
  sizes = '100vw',
  width = IMAGE_ASPECT.width,
  height = IMAGE_ASPECT.height,
  loading = 'lazy',
  fetchPriority,
  fit,
  position,
  decoding,
  className,
  style,
  ...rest
}: PictureProps) {
  if (!imageId.trim()) throw new Error('Picture needs an `imageId`.');
  const fitted: CSSProperties | undefined = fit ? { objectFit: fit, objectPosition: position, ...style } : style;
  // The page's first-paint image is named for the browser's Element Timing: the gateway's loader
  // starts the page's scripts once it is on screen (services/gateway, startScriptsAfterFirstPaint).
  // React has no prop type for the attribute; it renders it as written.
  const timing = fetchPriority === 'high' ? { elementtiming: HERO_ELEMENT_TIMING } : undefined;
  return (
    <ResilientImage
      {...rest}
      {...timing}
      src={imageUrl(imageId, 768, 'webp')}
      sources={pictureSources(imageId, sizes)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding ?? (loading === 'lazy' ? 'async' : undefined)}
      className={cx('cc-picture-img', fit && 'cc-picture-img--fit', className)}
      style={fitted}
    />
  );
}

/** Same component, for readers who look for the conventional name. */
export const ResponsiveImage = Picture;
export type ResponsiveImageProps = PictureProps;
