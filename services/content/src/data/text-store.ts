import {
  GLOBAL_TEXT_DEFAULTS,
  PAGE_KEYS,
  PAGE_TEXT_DEFAULTS,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type PageKey,
} from '@croft/contracts';
import type { Model, Types } from 'mongoose';
import type { CmsContentModel, CmsGlobalContentModel, StoredTextData } from './cms-content-model';
import { seedBulk } from './seed-bulk';
import { seedObjectId } from './seed-id';

const TEXT_FIELDS = {
  revision: 1,
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
  revision: 1,
  content_key: 1,
  content_type: 1,
  content_value: 1,
  content_data: 1,
  published: 1,
  created_by: 1,
  updated_at: 1,
} as const;

/** A visitor row with its revision (the domain keeps the highest per key, then drops it). */
export type RevisedPageRow = CmsContentRow & { revision: number };
export type RevisedGlobalRow = CmsGlobalContentRow & { revision: number };

/** Only the contract's fields, in the contract's shape (no stray keys from older documents). */
export function textData(data: StoredTextData): StoredTextData {
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

/** Published rows of one page, highest revision first (the domain keeps one per key). */
export async function findPublishedPageText(model: CmsContentModel, page: PageKey): Promise<RevisedPageRow[]> {
  const docs = await model.find({ page, published: true }, TEXT_FIELDS).sort({ revision: -1, _id: -1 }).lean();
  return docs.map((doc) => ({
    revision: doc.revision ?? 0,
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

/** Published global rows, highest revision first. */
export async function findPublishedGlobalText(model: CmsGlobalContentModel): Promise<RevisedGlobalRow[]> {
  const docs = await model.find({ published: true }, GLOBAL_FIELDS).sort({ revision: -1, _id: -1 }).lean();
  return docs.map((doc) => ({
    revision: doc.revision ?? 0,
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
 * Inserts a published row (revision 1) for every seed key that has no row at all yet (published
 * or draft), so restarts never duplicate text and never overwrite or outrank an editor's rows.
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
              revision: 1,
              created_by: null,
              updated_at: now,
              published_at: now,
              published_by: null,
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
              revision: 1,
              created_by: null,
              updated_at: now,
              published_at: now,
              published_by: null,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    ),
  );
}


interface UnnumberedRow {
  _id: Types.ObjectId;
  page?: string;
  section?: string;
  content_key: string;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * Numbers the rows an older version of the service left without a revision (a dev database from
 * before versions): per text, oldest first by updated_at (then _id), after any revision the text
 * already has. Idempotent and safe with several instances starting at once: each row is numbered
 * by a guarded update (only while it has no revision), and a number another instance took first
 * (the unique index) makes this one read the text again. Answers how many rows it numbered.
 */
export async function assignMissingRevisions(model: CmsContentModel | CmsGlobalContentModel): Promise<number> {
  const generic = model as unknown as Model<UnnumberedRow & { revision?: number; updated_at: Date }>;
  const missing = await generic
    .find({ revision: { $exists: false } }, { page: 1, section: 1, content_key: 1 })
    .lean<UnnumberedRow[]>();
  const keys = new Map<string, Record<string, string>>();
  for (const row of missing) {
    const filter: Record<string, string> =
      row.page === undefined ? { content_key: row.content_key } : { page: row.page, section: row.section ?? '', content_key: row.content_key };
    keys.set(JSON.stringify(filter), filter);
  }
  let numbered = 0;
  for (const filter of keys.values()) {
    for (let round = 0; round < 20; round += 1) {
      const [top] = await generic.find({ ...filter, revision: { $exists: true } }, { revision: 1 }).sort({ revision: -1 }).limit(1).lean();
      let next = (top?.revision ?? 0) + 1;
      const rows = await generic
        .find({ ...filter, revision: { $exists: false } }, { _id: 1 })
        .sort({ updated_at: 1, _id: 1 })
        .lean<{ _id: Types.ObjectId }[]>();
      if (rows.length === 0) break;
      let raced = false;
      for (const row of rows) {
        try {
          const result = await generic.updateOne({ _id: row._id, revision: { $exists: false } }, { $set: { revision: next } });
          if (result.modifiedCount > 0) {
            numbered += 1;
            next += 1;
          }
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          raced = true;
          break;
        }
      }
      if (!raced) break;
    }
  }
  return numbered;
}
