import type { CmsImageRow, ImageTone, PageKey } from '@croft/contracts';
import { BACKGROUND_SETS, IMAGE_BASE_PATH, backgroundImage } from '@croft/contracts/imagery';

/** One carousel or background image, ready for ResilientImage and imageSrcSet(imageId, format). */
export interface CarouselImage {
  /** Stable React key. */
  key: string;
  /** The generated file stem, e.g. 'home-1' (→ /images/home-1-768.avif). */
  imageId: string;
  alt: string;
  tone: ImageTone;
  /** Dark overlay strength for legible text, 0–1. */
  overlay: number;
  /** CSS object-position / background-position. */
  position: string;
  /** CSS object-fit / background-size. */
  size: 'cover' | 'contain';
}

const DEFAULT_OVERLAY = 0.4;

const catalogue = new Map<PageKey, CarouselImage[]>();

/**
 * The catalogue set of a page (what shows before the answer arrives and when the read fails or
 * is empty). The same array for a page every time, so it is safe in effect dependencies.
 */
export function catalogueImages(page: PageKey): CarouselImage[] {
  let images = catalogue.get(page);
  if (!images) {
    images = buildCatalogue(page);
    catalogue.set(page, images);
  }
  return images;
}

function buildCatalogue(page: PageKey): CarouselImage[] {
  return BACKGROUND_SETS[page].map((image) => ({
    key: image.id,
    imageId: image.id,
    alt: image.alt,
    tone: image.tone,
    overlay: image.overlay ?? DEFAULT_OVERLAY,
    position: image.position ?? 'center',
    size: image.size ?? 'cover',
  }));
}

/**
 * A cms_images row as a carousel image. A catalogue image's id is the stem after `/images/`; an
 * uploaded one keeps its whole base path (`/api/content/media/<id>`), which imageUrl understands.
 */
export function fromCmsRow(row: CmsImageRow): CarouselImage {
  const imageId = row.image_url.startsWith(`${IMAGE_BASE_PATH}/`) ? row.image_url.slice(IMAGE_BASE_PATH.length + 1) : row.image_url;
  return {
    key: row.id,
    imageId,
    alt: row.metadata.alt ?? backgroundImage(imageId)?.alt ?? '',
    tone: row.metadata.type,
    overlay: row.metadata.overlay ?? DEFAULT_OVERLAY,
    position: row.metadata.backgroundPosition ?? 'center',
    size: row.metadata.backgroundSize ?? 'cover',
  };
}
