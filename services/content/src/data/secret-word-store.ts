import type { Types } from 'mongoose';
import type { SecretWordRow } from '@croft/contracts';
import type { SecretWordSource } from '../domain/secret-words';
import type { SecretWord, SecretWordModel } from './secret-word-model';
import { seedBulk } from './seed-bulk';

/** The list's order: sort_order, then creation, then _id (ties are possible only between racing adds). */
const LIST_ORDER = { sort_order: 1, created_at: 1, _id: 1 } as const;

/** The active words in the staff's order (spec 001 §7 read them by created_at; the staff now set it). */
export async function findActiveWords(model: SecretWordModel): Promise<string[]> {
  const docs = await model.find({ is_active: true }, { word: 1 }).sort(LIST_ORDER).lean();
  return docs.map((doc) => doc.word);
}

type RowFields = Pick<SecretWord, '_id' | 'word' | 'is_active' | 'created_at'>;
const ROW_PROJECTION = { word: 1, is_active: 1, created_at: 1 } as const;

export function toSecretWordRow(doc: RowFields): SecretWordRow {
  return { id: doc._id.toHexString(), word: doc.word, is_active: doc.is_active, created_at: doc.created_at.toISOString() };
}

/** Every word: the active ones in order, then the retired ones (in the order they had). */
export async function findAllWords(model: SecretWordModel): Promise<SecretWordRow[]> {
  const docs = await model.find({}, ROW_PROJECTION).sort({ is_active: -1, ...LIST_ORDER }).lean<RowFields[]>();
  return docs.map(toSecretWordRow);
}

/** The ids of the active words, in order. */
export async function findActiveIds(model: SecretWordModel): Promise<string[]> {
  const docs = await model.find({ is_active: true }, { _id: 1 }).sort(LIST_ORDER).lean<{ _id: Types.ObjectId }[]>();
  return docs.map((doc) => doc._id.toHexString());
}

/** Inserts a new active word; resolves null when the word (in any capitals) is already listed. */
export async function insertSecretWord(
  model: SecretWordModel,
  word: string,
  wordKey: string,
  now: Date,
  sortOrder: number,
): Promise<SecretWordRow | null> {
  try {
    const doc = await model.create({ word, word_key: wordKey, is_active: true, sort_order: sortOrder, created_at: now });
    return toSecretWordRow(doc);
  } catch (error) {
    if ((error as { code?: unknown }).code === 11000) return null;
    throw error;
  }
}

/**
 * Sets is_active on one word. Only a real change writes (a word brought back also takes
 * `sortOrder`, the end of the list); null when there is no such word.
 */
export async function setSecretWordActive(
  model: SecretWordModel,
  id: string,
  isActive: boolean,
  sortOrder: number,
): Promise<{ row: SecretWordRow; changed: boolean } | null> {
  // The document before the change (its filter names the old is_active; the row answers the new one).
  const before = await model
    .findOneAndUpdate(
      { _id: id, is_active: !isActive },
      { $set: isActive ? { is_active: true, sort_order: sortOrder } : { is_active: false } },
      { returnDocument: 'before', projection: ROW_PROJECTION },
    )
    .lean<RowFields>();
  if (before) return { row: toSecretWordRow({ ...before, is_active: isActive }), changed: true };
  const current = await model.findById(id, ROW_PROJECTION).lean<RowFields>();
  return current ? { row: toSecretWordRow(current), changed: false } : null;
}

/** Numbers the named words 0…n-1 in the given order (a word retired meanwhile is left alone). */
export async function writeSecretWordOrder(model: SecretWordModel, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await model.bulkWrite(
    ids.map((id, index) => ({ updateOne: { filter: { _id: id, is_active: true }, update: { $set: { sort_order: index } } } })),
    { ordered: false },
  );
}

/** One past the highest sort order of any word (0 for none). */
export async function endOfList(model: SecretWordModel): Promise<number> {
  const last = await model
    .findOne({ sort_order: { $exists: true } }, { sort_order: 1 })
    .sort({ sort_order: -1, _id: -1 })
    .lean<{ sort_order: number }>();
  return last ? last.sort_order + 1 : 0;
}

/**
 * Words saved before sort_order existed get one: their created_at in milliseconds, so they keep
 * their creation order (and sort after any list a reorder numbered 0…n-1). Each word's value
 * depends on that word alone and is written only where the field is missing, so running it again,
 * or on two instances starting together, writes the same thing once. Returns how many it numbered.
 */
export async function assignMissingSortOrders(model: SecretWordModel): Promise<number> {
  const missing = await model
    .find({ sort_order: { $exists: false } }, { created_at: 1 })
    .lean<{ _id: Types.ObjectId; created_at: Date }[]>();
  if (missing.length === 0) return 0;
  const result = await model.bulkWrite(
    missing.map((doc) => ({
      updateOne: {
        filter: { _id: doc._id, sort_order: { $exists: false } },
        update: { $set: { sort_order: doc.created_at.getTime() } },
      },
    })),
    { ordered: false },
  );
  return result.modifiedCount;
}

/** The word book's data source on this model (the domain's SecretWordSource). */
export function secretWordSource(model: SecretWordModel): SecretWordSource {
  return {
    insert: (word, wordKey, now, sortOrder) => insertSecretWord(model, word, wordKey, now, sortOrder),
    setActive: (id, isActive, sortOrder) => setSecretWordActive(model, id, isActive, sortOrder),
    listAll: () => findAllWords(model),
    activeIds: () => findActiveIds(model),
    writeOrder: (ids) => writeSecretWordOrder(model, ids),
    endOfList: () => endOfList(model),
  };
}

export interface SecretWordSeed {
  word: string;
  created_at: Date;
}

const SEED_WORDS = [
  'cheers', 'harbourside', 'gromit', 'stillage', 'cask', 'brunel', 'sparkler', 'gert lush', 'mash tun', 'clifton', 'dray', 'balloon fiesta',
] as const;

/** A fixed epoch so the seeded order (and so the word of the day) is the same on every install. */
const SEED_EPOCH = Date.UTC(2025, 0, 1);

/** Twelve beer- and Bristol-themed words, one minute apart in creation order. */
export const SECRET_WORD_SEED: readonly SecretWordSeed[] = SEED_WORDS.map((word, index) => ({
  word,
  created_at: new Date(SEED_EPOCH + index * 60_000),
}));

/**
 * Numbers words saved before sort_order (assignMissingSortOrders), then inserts missing seed words
 * (keyed by lower-case word, placed by their created_at); retired, moved or edited words stay as
 * they are. Returns how many seed words it inserted.
 */
export async function upsertSecretWordSeed(model: SecretWordModel, seeds: readonly SecretWordSeed[]): Promise<number> {
  await model.init();
  await assignMissingSortOrders(model);
  if (seeds.length === 0) return 0;
  return seedBulk(() =>
    model.bulkWrite(
      seeds.map((seed) => ({
        updateOne: {
          filter: { word_key: seed.word.toLowerCase() },
          update: { $setOnInsert: { word: seed.word, is_active: true, sort_order: seed.created_at.getTime(), created_at: seed.created_at } },
          upsert: true,
        },
      })),
      { ordered: false },
    ),
  );
}
