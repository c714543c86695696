import {
  BACKGROUND_CAROUSEL,
  BACKGROUND_SETS,
  HERO_CAROUSEL,
  IMAGE_BASE_PATH,
  PAGE_KEYS,
  type BackgroundImage,
  type CmsImageMetadata,
  type CmsImageRow,
  type PageKey,
} from '@croft/contracts';
import type { CmsImageModel } from './cms-image-model';
import { seedBulk } from './seed-bulk';

const IMAGE_FIELDS = { page: 1, carousel_name: 1, published: 1, sort_order: 1, image_url: 1, metadata: 1 } as const;

function metadata(m: CmsImageMetadata): CmsImageMetadata {
  const out: CmsImageMetadata = { type: m.type };
  if (m.overlay !== undefined && m.overlay !== null) out.overlay = m.overlay;
  if (m.backgroundPosition) out.backgroundPosition = m.backgroundPosition;
  if (m.backgroundSize) out.backgroundSize = m.backgroundSize;
  if (m.alt) out.alt = m.alt;
  return out;
}

/** Published images of one carousel, by sort_order (then insertion order). */
export async function findPublishedImages(model: CmsImageModel, page: PageKey, carouselName: string): Promise<CmsImageRow[]> {
  const docs = await model
    .find({ page, carousel_name: carouselName, published: true }, IMAGE_FIELDS)
    .sort({ sort_order: 1, _id: 1 })
    .lean();
  return docs.map((doc) => ({
    id: doc._id.toHexString(),
    page: doc.page,
    carousel_name: doc.carousel_name,
    published: doc.published,
    sort_order: doc.sort_order,
    image_url: doc.image_url,
    metadata: metadata(doc.metadata),
  }));
}

export interface ImageSeed {
  page: PageKey;
  carousel_name: string;
  sort_order: number;
  image_url: string;
  metadata: CmsImageMetadata;
}

function fromCatalogue(page: PageKey, carousel: string, images: readonly BackgroundImage[]): ImageSeed[] {
  return images.map((image, index) => {
    const meta: CmsImageMetadata = { type: image.tone, alt: image.alt, backgroundSize: image.size ?? 'cover' };
    if (image.overlay !== undefined) meta.overlay = image.overlay;
    meta.backgroundPosition = image.position ?? 'center';
    return {
      page,
      carousel_name: carousel,
      sort_order: (index + 1) * 10,
      image_url: `${IMAGE_BASE_PATH}/${image.id}`,
      metadata: meta,
    };
  });
}

/** The home hero carousel and a 'background' carousel per page, from the imagery catalogue. */
export const IMAGE_SEED: readonly ImageSeed[] = [
  ...fromCatalogue('home', HERO_CAROUSEL, BACKGROUND_SETS.home),
  ...PAGE_KEYS.flatMap((page) => fromCatalogue(page, BACKGROUND_CAROUSEL, BACKGROUND_SETS[page])),
];

/** Inserts missing images, keyed by (page, carousel_name, image_url); existing rows are untouched. */
export async function upsertImageSeed(model: CmsImageModel, seeds: readonly ImageSeed[], now: Date): Promise<number> {
  if (seeds.length === 0) return 0;
  await model.init();
  return seedBulk(() =>
    model.bulkWrite(
      seeds.map((seed) => ({
        updateOne: {
          filter: { page: seed.page, carousel_name: seed.carousel_name, image_url: seed.image_url },
          update: {
            $setOnInsert: {
              published: true,
              sort_order: seed.sort_order,
              metadata: seed.metadata,
              created_at: now,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    ),
  );
}
