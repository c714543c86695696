import {
  BACKGROUND_CAROUSEL,
  BACKGROUND_SETS,
  HERO_CAROUSEL,
  IMAGE_BASE_PATH,
  PAGE_KEYS,
  type BackgroundImage,
  type CmsImageMetadata,
  type CmsImageRow,
  type ImageEditorRow,
  type PageKey,
} from '@croft/contracts';
import { Types } from 'mongoose';
import type { ImageEditorSource } from '../domain/image-editing';
import type { CmsImage, CmsImageModel, CmsImageSeedLogModel } from './cms-image-model';
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

const seedKey = (s: { page: string; carousel_name: string; image_url: string }) => `${s.page}\u0000${s.carousel_name}\u0000${s.image_url}`;

/**
 * Inserts missing images, keyed by (page, carousel_name, image_url); existing rows are untouched.
 * With `log`, each catalogue image is recorded once inserted (or found), so one an editor deleted
 * stays gone after a restart.
 */
export async function upsertImageSeed(model: CmsImageModel, seeds: readonly ImageSeed[], now: Date, log?: CmsImageSeedLogModel): Promise<number> {
  if (log && seeds.length > 0) {
    await log.init();
    const logged = new Set((await log.find({}, { page: 1, carousel_name: 1, image_url: 1 }).lean()).map(seedKey));
    seeds = seeds.filter((seed) => !logged.has(seedKey(seed)));
  }
  if (seeds.length === 0) return 0;
  await model.init();
  const inserted = await seedBulk(() =>
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
  if (log) {
    await seedBulk(() =>
      log.bulkWrite(
        seeds.map((seed) => ({
          updateOne: {
            filter: { page: seed.page, carousel_name: seed.carousel_name, image_url: seed.image_url },
            update: { $setOnInsert: { at: now } },
            upsert: true,
          },
        })),
        { ordered: false },
      ),
    );
  }
  return inserted;
}

// ── editing (domain/image-editing.ts) ─────────────────────────────────────────────────────────

const EDITOR_FIELDS = {
  ...IMAGE_FIELDS,
  created_at: 1,
  version: 1,
  uploaded: 1,
  width: 1,
  height: 1,
  updated_at: 1,
  updated_by: 1,
} as const;
type EditorFields = Pick<
  CmsImage,
  | '_id'
  | 'page'
  | 'carousel_name'
  | 'published'
  | 'sort_order'
  | 'image_url'
  | 'metadata'
  | 'created_at'
  | 'version'
  | 'uploaded'
  | 'width'
  | 'height'
  | 'updated_at'
  | 'updated_by'
>;

/** A row as editors see it. Seeded rows from before editing: version 1, updated_at = created_at, not uploaded. */
function toEditorRow(doc: EditorFields): ImageEditorRow {
  const row: ImageEditorRow = {
    id: doc._id.toHexString(),
    page: doc.page,
    carousel_name: doc.carousel_name,
    published: doc.published,
    sort_order: doc.sort_order,
    image_url: doc.image_url,
    metadata: metadata(doc.metadata),
    version: doc.version ?? 1,
    uploaded: doc.uploaded === true,
    updated_at: (doc.updated_at ?? doc.created_at).toISOString(),
  };
  if (doc.width !== undefined && doc.height !== undefined) {
    row.width = doc.width;
    row.height = doc.height;
  }
  if (doc.updated_by) row.updated_by = doc.updated_by;
  return row;
}

/** The filter that matches a row at `version` (rows from before editing have none: they are 1). */
function atVersion(version: number) {
  return version === 1 ? { $or: [{ version: 1 }, { version: { $exists: false } }] } : { version };
}

const objectId = (id: string) => (/^[0-9a-f]{24}$/.test(id) ? new Types.ObjectId(id) : null);

/** The image editor's reads and writes on cms_images (every write guarded; no read-then-write). */
export function createImageEditorStore(model: CmsImageModel): ImageEditorSource {
  const sorted = { sort_order: 1, _id: 1 } as const;
  return {
    async pageRows(page) {
      const docs = await model.find({ page }, EDITOR_FIELDS).sort({ carousel_name: 1, ...sorted }).lean<EditorFields[]>();
      return docs.map(toEditorRow);
    },
    async carouselRows(page, carouselName) {
      const docs = await model.find({ page, carousel_name: carouselName }, EDITOR_FIELDS).sort(sorted).lean<EditorFields[]>();
      return docs.map(toEditorRow);
    },
    async row(id) {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model.findOne({ _id }, EDITOR_FIELDS).lean<EditorFields>();
      return doc ? toEditorRow(doc) : null;
    },
    async count(page, carouselName) {
      return model.countDocuments({ page, carousel_name: carouselName });
    },
    async lastSortOrder(page, carouselName) {
      const doc = await model.findOne({ page, carousel_name: carouselName }, { sort_order: 1 }).sort({ sort_order: -1, _id: -1 }).lean();
      return doc?.sort_order ?? null;
    },
    async insert(row, now) {
      await model.init();
      const doc = await model.create({
        _id: new Types.ObjectId(),
        page: row.page,
        carousel_name: row.carousel_name,
        published: false,
        sort_order: row.sort_order,
        image_url: row.image_url,
        metadata: row.metadata,
        created_at: now,
        version: 1,
        uploaded: true,
        width: row.width,
        height: row.height,
        updated_at: now,
        ...(row.updated_by ? { updated_by: row.updated_by } : {}),
      });
      return toEditorRow(doc.toObject());
    },
    async update(id, version, change, now, by) {
      const _id = objectId(id);
      if (!_id) return null;
      const set: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(change.metadata ?? {})) if (value !== undefined) set[`metadata.${key}`] = value;
      if (change.published !== undefined) set.published = change.published;
      // Who changed it: their email, or none (not the previous person's) when the token had none.
      const update = by
        ? { $set: { ...set, version: version + 1, updated_at: now, updated_by: by } }
        : { $set: { ...set, version: version + 1, updated_at: now }, $unset: { updated_by: 1 } };
      const doc = await model
        .findOneAndUpdate(
          { _id, ...atVersion(version) },
          update,
          { returnDocument: 'after', runValidators: true, projection: EDITOR_FIELDS },
        )
        .lean<EditorFields>();
      return doc ? toEditorRow(doc) : null;
    },
    async remove(id, version) {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model.findOneAndDelete({ _id, ...atVersion(version) }, { projection: EDITOR_FIELDS }).lean<EditorFields>();
      return doc ? toEditorRow(doc) : null;
    },
    async setOrder(page, carouselName, ids) {
      // Steps of 10, like the seed. Order is not a change of a row: versions stay as they are.
      const result = await model.bulkWrite(
        ids.map((id, index) => ({
          updateOne: {
            filter: { _id: new Types.ObjectId(id), page, carousel_name: carouselName },
            update: { $set: { sort_order: (index + 1) * 10 } },
          },
        })),
        { ordered: false },
      );
      return result.matchedCount;
    },
  };
}
