import type { FaqRow, PageKey } from '@croft/contracts';
import type { FaqEntryModel } from './faq-entry-model';
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
 * Inserts the seed rows that are missing, keyed by (page, question). Existing rows are left
 * exactly as they are (`$setOnInsert` only, no timestamps bumped), so restarts never duplicate
 * rows and never overwrite an editor's changes. Returns how many rows were inserted.
 */
export async function upsertFaqSeed(model: FaqEntryModel, seeds: readonly FaqSeed[], now: Date): Promise<number> {
  if (seeds.length === 0) return 0;
  // Make sure the unique (page, question) index exists before relying on it.
  await model.init();
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
    return result.upsertedCount;
  } catch (error) {
    // Another process seeding at the same moment inserted the same rows first: that is fine.
    if (isDuplicateKeyOnly(error)) {
      return (error as { result?: { upsertedCount?: number } }).result?.upsertedCount ?? 0;
    }
    throw error;
  }
}
