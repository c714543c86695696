import type { ComponentPropsWithoutRef, CSSProperties, ElementType, ReactNode } from 'react';
import type { BackgroundImage, ImageTone } from '@croft/contracts';
import { cx } from '../../utils/cx';
import { Picture } from '../picture/picture';
import './section-background.css';

/** Rough lightness of each tone before the scrim (0 black – 1 white). */
const TONE_LIGHTNESS: Record<ImageTone, number> = {
  dark: 0.05,
  industrial: 0.3,
  mixed: 0.35,
  warm: 0.45,
  light: 0.9,
};

export type TextScheme = 'on-dark' | 'on-light';

/**
 * Which text colours read on an image of this tone under a dark scrim of this
 * strength: white text once the scrimmed image is dark enough, black otherwise.
 */
export function textSchemeFor(tone: ImageTone, overlay = 0): TextScheme {
  const strength = Math.min(1, Math.max(0, overlay));
  return TONE_LIGHTNESS[tone] * (1 - strength) < 0.45 ? 'on-dark' : 'on-light';
}

export type SectionBackgroundProps = Omit<ComponentPropsWithoutRef<'div'>, 'children'> & {
  /** The page's background set (libs/contracts BACKGROUND_SETS[page] or cms_images rows). */
  images: readonly BackgroundImage[];
  /** Which image of the set shows (default the first). */
  active?: number;
  /**
   * The first image is the page's largest paint: load it eagerly with
   * fetchpriority="high" (default true). The others are always lazy.
   */
  priority?: boolean;
  /** Describe the artwork to screen readers (default: decorative, alt=""). */
  describe?: boolean;
  /** Wrapper element (default 'div'; e.g. 'section'). */
  as?: ElementType;
  children?: ReactNode;
};

/**
 * A page section laid over one image of its background set: the image covers
 * the box (object-position/object-fit from the set), a dark scrim of the
 * image's overlay strength sits between it and the content, and the content
 * gets the text colours its tone calls for (`cc-section-background--on-dark`
 * or `--on-light`, also as data-tone/data-scheme).
 */
export function SectionBackground({
  images,
  active = 0,
  priority = true,
  describe = false,
  as: Tag = 'div',
  className,
  style,
  children,
  ...rest
}: SectionBackgroundProps) {
  const index = images.length ? Math.min(Math.max(0, Math.trunc(active)), images.length - 1) : -1;
  const current = index >= 0 ? images[index] : undefined;
  const scheme: TextScheme = current ? textSchemeFor(current.tone, current.overlay) : 'on-light';
  return (
    <Tag
      {...rest}
      className={cx('cc-section-background', `cc-section-background--${scheme}`, className)}
      data-tone={current?.tone}
      data-scheme={scheme}
      style={style}
    >
      <div className="cc-section-background__media">
        {images.map((image, i) => (
          <div
            key={image.id}
            className={cx('cc-section-background__layer', i === index && 'cc-section-background__layer--active')}
            aria-hidden={i === index && describe ? undefined : true}
          >
            <Picture
              imageId={image.id}
              alt={describe && i === index ? image.alt : ''}
              fit={image.size ?? 'cover'}
              position={image.position}
              loading={i === 0 && priority ? 'eager' : 'lazy'}
              fetchPriority={i === 0 && priority ? 'high' : undefined}
            />
            <div
              className="cc-section-background__scrim"
              style={{ '--cc-scrim': String(image.overlay ?? 0) } as CSSProperties}
            />
          </div>
        ))}
      </div>
      <div className="cc-section-background__content">{children}</div>
    </Tag>
  );
}
