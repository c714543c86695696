import { isDuplicateKeyOnly } from './faq-store';

/** Runs a seeding bulk write; a race with another seeding process (duplicate keys only) is fine. */
export async function seedBulk(run: () => Promise<{ upsertedCount: number }>): Promise<number> {
  try {
    return (await run()).upsertedCount;
  } catch (error) {
    if (isDuplicateKeyOnly(error)) return (error as { result?: { upsertedCount?: number } }).result?.upsertedCount ?? 0;
    throw error;
  }
}
