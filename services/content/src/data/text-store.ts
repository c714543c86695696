import {
  GLOBAL_TEXT_DEFAULTS,
  PAGE_KEYS,
  PAGE_TEXT_DEFAULTS,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type PageKey,
} from '@croft/contracts';
import type { CmsContentModel, CmsGlobalContentModel, StoredTextData } from './cms-content-model';
import { seedBulk } from './seed-bulk';
import { seedObjectId } from './seed-id';

const TEXT_FIELDS = {
  page: 1,
  section: 1,
  content_key: 1,
  content_type: 1,
  content_data: 1,
  published: 1,
  created_by: 1,
  updated_at: 1,
} as const;

const GLOBAL_FIELDS = {
  content_key: 1,
  content_type: 1,
  content_value: 1,
  content_data: 1,
  published: 1,
  created_by: 1,
  updated_at: 1,
} as const;

/** Only the contract's fields, in the contract's shape (no stray keys from older documents). */
function textData(data: StoredTextData): StoredTextData {
  const out: StoredTextData = { text: data.text ?? '' };
  const p = data.positioning;
  if (p) {
    const positioning: NonNullable<StoredTextData['positioning']> = {};
    if (p.alignment) positioning.alignment = p.alignment;
    if (p.containerPosition) positioning.containerPosition = p.containerPosition;
    if (p.marginTop) positioning.marginTop = p.marginTop;
    if (p.marginBottom) positioning.marginBottom = p.marginBottom;
    if (p.marginLeft) positioning.marginLeft = p.marginLeft;
    if (p.marginRight) positioning.marginRight = p.marginRight;
    out.positioning = positioning;
  }
  return out;
}

/** Published rows of one page, newest first (the domain keeps one per key). */
export async function findPublishedPageText(model: CmsContentModel, page: PageKey): Promise<CmsContentRow[]> {
  const docs = await model.find({ page, published: true }, TEXT_FIELDS).sort({ updated_at: -1, _id: -1 }).lean();
  return docs.map((doc) => ({
    id: doc._id.toHexString(),
    page: doc.page,
    section: doc.section,
    content_key: doc.content_key,
    content_type: doc.content_type,
    content_data: textData(doc.content_data),
    published: doc.published,
    created_by: doc.created_by ?? null,
    updated_at: doc.updated_at.toISOString(),
  }));
}

/** Published global rows, newest first. */
export async function findPublishedGlobalText(model: CmsGlobalContentModel): Promise<CmsGlobalContentRow[]> {
  const docs = await model.find({ published: true }, GLOBAL_FIELDS).sort({ updated_at: -1, _id: -1 }).lean();
  return docs.map((doc) => ({
    id: doc._id.toHexString(),
    content_key: doc.content_key,
    content_type: doc.content_type,
    content_value: doc.content_value ?? '',
    content_data: doc.content_data ? textData(doc.content_data) : null,
    published: doc.published,
    created_by: doc.created_by ?? null,
    updated_at: doc.updated_at.toISOString(),
  }));
}

export interface PageTextSeed {
  page: PageKey;
  section: string;
  content_key: string;
  text: string;
}

export interface GlobalTextSeed {
  content_key: string;
  text: string;
}

/** The bundled page text (libs/contracts page-text.ts) as seed rows. */
export const PAGE_TEXT_SEED: readonly PageTextSeed[] = PAGE_KEYS.flatMap((page) =>
  Object.entries(PAGE_TEXT_DEFAULTS[page]).flatMap(([section, keys]) =>
    Object.entries(keys).map(([content_key, text]) => ({ page, section, content_key, text })),
  ),
);

export const GLOBAL_TEXT_SEED: readonly GlobalTextSeed[] = Object.entries(GLOBAL_TEXT_DEFAULTS).map(([content_key, text]) => ({
  content_key,
  text,
}));

/**
 * Inserts a published row for every seed key that has no row at all yet (published or draft),
 * so restarts never duplicate text and never overwrite or outrank an editor's rows.
 */
export async function upsertPageTextSeed(model: CmsContentModel, seeds: readonly PageTextSeed[], now: Date): Promise<number> {
  if (seeds.length === 0) return 0;
  return seedBulk(() =>
    model.bulkWrite(
      seeds.map((seed) => ({
        updateOne: {
          filter: { page: seed.page, section: seed.section, content_key: seed.content_key },
          update: {
            $setOnInsert: {
              _id: seedObjectId('cms_content', seed.page, seed.section, seed.content_key),
              content_type: 'text',
              content_data: { text: seed.text },
              published: true,
              created_by: null,
              updated_at: now,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    ),
  );
}

export async function upsertGlobalTextSeed(
  model: CmsGlobalContentModel,
  seeds: readonly GlobalTextSeed[],
  now: Date,
): Promise<number> {
  if (seeds.length === 0) return 0;
  return seedBulk(() =>
    model.bulkWrite(
      seeds.map((seed) => ({
        updateOne: {
          filter: { content_key: seed.content_key },
          update: {
            $setOnInsert: {
              _id: seedObjectId('cms_global_content', seed.content_key),
              content_type: 'text',
              content_value: seed.text,
              content_data: { text: seed.text },
              published: true,
              created_by: null,
              updated_at: now,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    ),
  );
}

