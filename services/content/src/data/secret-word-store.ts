import type { SecretWordRow } from '@croft/contracts';
import type { SecretWord, SecretWordModel } from './secret-word-model';
import { seedBulk } from './seed-bulk';

/** The active words, oldest first (spec 001 §7: select word where is_active order by created_at). */
export async function findActiveWords(model: SecretWordModel): Promise<string[]> {
  const docs = await model.find({ is_active: true }, { word: 1 }).sort({ created_at: 1, _id: 1 }).lean();
  return docs.map((doc) => doc.word);
}

export function toSecretWordRow(doc: Pick<SecretWord, '_id' | 'word' | 'is_active' | 'created_at'>): SecretWordRow {
  return { id: doc._id.toHexString(), word: doc.word, is_active: doc.is_active, created_at: doc.created_at.toISOString() };
}

/** Inserts a new active word; resolves null when the word (in any capitals) is already listed. */
export async function insertSecretWord(model: SecretWordModel, word: string, wordKey: string, now: Date): Promise<SecretWordRow | null> {
  try {
    const doc = await model.create({ word, word_key: wordKey, is_active: true, created_at: now });
    return toSecretWordRow(doc);
  } catch (error) {
    if ((error as { code?: unknown }).code === 11000) return null;
    throw error;
  }
}

/** Sets is_active on one word; null when there is no such word. */
export async function setSecretWordActive(model: SecretWordModel, id: string, isActive: boolean): Promise<SecretWordRow | null> {
  const doc = await model
    .findOneAndUpdate({ _id: id }, { $set: { is_active: isActive } }, { returnDocument: 'after', projection: { word: 1, is_active: 1, created_at: 1 } })
    .lean();
  return doc ? toSecretWordRow(doc) : null;
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

/** Inserts missing seed words (keyed by lower-case word); retired or edited words stay as they are. */
export async function upsertSecretWordSeed(model: SecretWordModel, seeds: readonly SecretWordSeed[]): Promise<number> {
  if (seeds.length === 0) return 0;
  await model.init();
  return seedBulk(() =>
    model.bulkWrite(
      seeds.map((seed) => ({
        updateOne: {
          filter: { word_key: seed.word.toLowerCase() },
          update: { $setOnInsert: { word: seed.word, is_active: true, created_at: seed.created_at } },
          upsert: true,
        },
      })),
      { ordered: false },
    ),
  );
}
