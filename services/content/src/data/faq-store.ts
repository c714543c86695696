import { Types } from 'mongoose';
import type { FaqEditorRow, FaqRow, PageKey } from '@croft/contracts';
import type { FaqEditorSource, FaqRowChange } from '../domain/faq-editing';
import type { FaqEntry, FaqEntryModel, FaqSeedLogModel } from './faq-entry-model';
import type { FaqSeed } from './seed-faq';

const ROW_FIELDS = { page: 1, question: 1, answer: 1, sort_order: 1, published: 1 } as const;

/** Published rows of one page, in display order (sort_order, then _id as the tie-breaker). */
export async function findPublishedFaq(model: FaqEntryModel, page: PageKey): Promise<FaqRow[]> {
  const docs = await model
    .find({ page, published: true }, ROW_FIELDS)
    .sort({ sort_order: 1, _id: 1 })
    .lean();
  return docs.map((doc) => ({
    id: doc._id.toHexString(),
    page: doc.page,
    question: doc.question,
    answer: doc.answer,
    sort_order: doc.sort_order,
    published: doc.published,
  }));
}

export function isDuplicateKeyOnly(error: unknown): boolean {
  const e = error as { code?: unknown; writeErrors?: { code?: unknown; err?: { code?: unknown } }[] };
  if (e?.code === 11000 && !e.writeErrors) return true;
  return (
    Array.isArray(e?.writeErrors) &&
    e.writeErrors.length > 0 &&
    e.writeErrors.every((w) => (w.code ?? w.err?.code) === 11000)
  );
}

/**
 * Inserts the bundled rows that were never inserted before, keyed by (page, question). Existing
 * rows are left exactly as they are (`$setOnInsert` only, no timestamps bumped), so restarts never
 * duplicate rows and never overwrite an editor's changes. With `log`, each bundled row is recorded
 * once inserted (or found), so a question an editor deleted or reworded stays gone after a restart.
 * Returns how many rows were inserted.
 */
export async function upsertFaqSeed(model: FaqEntryModel, seeds: readonly FaqSeed[], now: Date, log?: FaqSeedLogModel): Promise<number> {
  if (log && seeds.length > 0) {
    await log.init();
    const logged = new Set((await log.find({}, { page: 1, question: 1 }).lean()).map((d) => `${d.page}\u0000${d.question}`));
    seeds = seeds.filter((seed) => !logged.has(`${seed.page}\u0000${seed.question}`));
  }
  if (seeds.length === 0) return 0;
  // Make sure the unique (page, question) index exists before relying on it.
  await model.init();
  let inserted: number;
  try {
    const result = await model.bulkWrite(
      seeds.map((seed) => ({
        updateOne: {
          filter: { page: seed.page, question: seed.question },
          update: {
            $setOnInsert: {
              answer: seed.answer,
              sort_order: seed.sort_order,
              published: true,
              version: 1,
              createdAt: now,
              updatedAt: now,
            },
          },
          upsert: true,
          timestamps: false,
        },
      })),
      { ordered: false },
    );
    inserted = result.upsertedCount;
  } catch (error) {
    // Another process seeding at the same moment inserted the same rows first: that is fine.
    if (!isDuplicateKeyOnly(error)) throw error;
    inserted = (error as { result?: { upsertedCount?: number } }).result?.upsertedCount ?? 0;
  }
  if (log) {
    try {
      await log.bulkWrite(
        seeds.map((seed) => ({
          updateOne: { filter: { page: seed.page, question: seed.question }, update: { $setOnInsert: { at: now } }, upsert: true },
        })),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKeyOnly(error)) throw error;
    }
  }
  return inserted;
}

// ── editing (domain/faq-editing.ts) ───────────────────────────────────────────────────────────

const EDITOR_FIELDS = { ...ROW_FIELDS, version: 1, updatedAt: 1 } as const;
type EditorFields = Pick<FaqEntry, '_id' | 'page' | 'question' | 'answer' | 'sort_order' | 'published' | 'version' | 'updatedAt'>;

function toEditorRow(doc: EditorFields): FaqEditorRow {
  return {
    id: doc._id.toHexString(),
    page: doc.page,
    question: doc.question,
    answer: doc.answer,
    sort_order: doc.sort_order,
    published: doc.published,
    version: doc.version ?? 1,
    updated_at: doc.updatedAt.toISOString(),
  };
}

/** The filter that matches a row at `version` (rows from before editing have no version: they are 1). */
function atVersion(version: number) {
  return version === 1 ? { $or: [{ version: 1 }, { version: { $exists: false } }] } : { version };
}

const objectId = (id: string) => (Types.ObjectId.isValid(id) ? new Types.ObjectId(id) : null);

/** The FAQ editor's reads and writes on cms_faq_content (every write guarded; no read-then-write). */
export function createFaqEditorStore(model: FaqEntryModel): FaqEditorSource {
  return {
    async pageRows(page) {
      const docs = await model.find({ page }, EDITOR_FIELDS).sort({ sort_order: 1, _id: 1 }).lean<EditorFields[]>();
      return docs.map(toEditorRow);
    },
    async row(id) {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model.findOne({ _id }, EDITOR_FIELDS).lean<EditorFields>();
      return doc ? toEditorRow(doc) : null;
    },
    async lastSortOrder(page) {
      const doc = await model.findOne({ page }, { sort_order: 1 }).sort({ sort_order: -1, _id: -1 }).lean();
      return doc?.sort_order ?? null;
    },
    async count(page) {
      return model.countDocuments({ page });
    },
    async insert(row, now) {
      await model.init();
      try {
        const doc = await model.create({ ...row, published: false, version: 1, createdAt: now, updatedAt: now });
        return toEditorRow(doc.toObject());
      } catch (error) {
        if (isDuplicateKeyOnly(error)) return 'duplicate';
        throw error;
      }
    },
    async update(id: string, version: number, change: FaqRowChange, now: Date) {
      const _id = objectId(id);
      if (!_id) return null;
      await model.init();
      try {
        const doc = await model
          .findOneAndUpdate(
            { _id, ...atVersion(version) },
            { $set: { ...change, version: version + 1, updatedAt: now } },
            { returnDocument: 'after', timestamps: false, runValidators: true },
          )
          .lean<EditorFields>();
        return doc ? toEditorRow(doc) : null;
      } catch (error) {
        if (isDuplicateKeyOnly(error)) return 'duplicate';
        throw error;
      }
    },
    async remove(id, version) {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model.findOneAndDelete({ _id, ...atVersion(version) }, { projection: EDITOR_FIELDS }).lean<EditorFields>();
      return doc ? toEditorRow(doc) : null;
    },
    async setOrder(page, ids) {
      // Steps of 10, like the seed, so a later insert could slot in between.
      const result = await model.bulkWrite(
        ids.map((id, index) => ({
          updateOne: {
            filter: { _id: new Types.ObjectId(id), page },
            update: { $set: { sort_order: (index + 1) * 10 } },
            timestamps: false,
          },
        })),
        { ordered: false },
      );
      return result.matchedCount;
    },
  };
}
