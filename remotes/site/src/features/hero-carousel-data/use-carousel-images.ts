import { useEffect, useState } from 'react';
import {
  BACKGROUND_SETS,
  IMAGE_BASE_PATH,
  backgroundImage,
  type CmsImageRow,
  type ImageTone,
  type PageKey,
} from '@croft/contracts';
import { createContentClient, type ContentClient } from '@croft/api-client';

const defaultClient = createContentClient();

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

export interface CarouselImagesState {
  /** 'loading' until the service has answered (or failed); the images are usable either way. */
  status: 'loading' | 'ready';
  /** Where the images came from: the CMS rows, or the bundled catalogue set. */
  source: 'cms' | 'catalogue';
  images: CarouselImage[];
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

/** A cms_images row as a carousel image; the id is the last segment of image_url (`/images/<id>`). */
export function fromCmsRow(row: CmsImageRow): CarouselImage {
  const path = row.image_url.startsWith(`${IMAGE_BASE_PATH}/`) ? row.image_url.slice(IMAGE_BASE_PATH.length + 1) : row.image_url;
  const imageId = path.split('/').filter(Boolean).at(-1) ?? path;
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

type Resolved = { source: 'cms' | 'catalogue'; images: CarouselImage[] };

// One read per (page, carousel) per client for the session.
const caches = new WeakMap<ContentClient, Map<string, { promise: Promise<Resolved>; value?: Resolved }>>();

function load(page: PageKey, carouselName: string, client: ContentClient) {
  let perClient = caches.get(client);
  if (!perClient) {
    perClient = new Map();
    caches.set(client, perClient);
  }
  const key = `${page}/${carouselName}`;
  let entry = perClient.get(key);
  if (!entry) {
    const created: { promise: Promise<Resolved>; value?: Resolved } = {
      promise: client
        .images(page, carouselName)
        .then((rows): Resolved => {
          const published = rows.filter((row) => row.published);
          return published.length > 0
            ? { source: 'cms', images: published.map(fromCmsRow) }
            : { source: 'catalogue', images: catalogueImages(page) };
        })
        .catch((error: unknown): Resolved => {
          console.error(`[site] images for ${key} could not be read; showing the bundled set`, error);
          return { source: 'catalogue', images: catalogueImages(page) };
        })
        .then((value) => {
          created.value = value;
          return value;
        }),
    };
    entry = created;
    perClient.set(key, entry);
  }
  return entry;
}

/**
 * The images of a page's carousel from cms_images (published, in sort order), falling back to
 * the catalogue set of the page when the read fails or the carousel is empty (spec 001 §8). The
 * catalogue set is returned from the first render, so the first image never waits on the API.
 */
export function useCarouselImages(page: PageKey, carouselName: string, client: ContentClient = defaultClient): CarouselImagesState {
  const key = `${page}/${carouselName}`;
  const peek = () => caches.get(client)?.get(key)?.value;
  const [state, setState] = useState<{ key: string; client: ContentClient; value: Resolved | undefined }>(() => ({ key, client, value: peek() }));
  const current = state.key === key && state.client === client ? state.value : peek();

  useEffect(() => {
    let live = true;
    const entry = load(page, carouselName, client);
    void entry.promise.then((value) => {
      if (live) setState({ key: `${page}/${carouselName}`, client, value });
    });
    return () => {
      live = false;
    };
  }, [page, carouselName, client]);

  if (!current) return { status: 'loading', source: 'catalogue', images: catalogueImages(page) };
  return { status: 'ready', ...current };
}
