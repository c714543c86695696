import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMongo } from '@croft/service-kit';
import { createContentService } from '../content-service';
import { FAQ_SEED } from './seed-faq';

const dir = mkdtempSync(join(tmpdir(), 'croft-content-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function boot(dataFile: string) {
  const mongo = await connectMongo({ dbName: 'croft', embedded: { dataFile } });
  const content = createContentService({ db: mongo.connection });
  const seeded = await content.seed();
  return { mongo, content, seeded };
}

describe('seeding across restarts (embedded store with a snapshot file)', () => {
  it('seeds once, keeps edits and never duplicates after a restart', async () => {
    const dataFile = join(dir, 'store.bson');
    const first = await boot(dataFile);
    expect(first.seeded.faqInserted).toBe(FAQ_SEED.length);
    await first.content.models.faqEntry.updateOne(
      { page: 'home', question: FAQ_SEED[0].question },
      { $set: { answer: 'Open every day from 9am.' } },
    );
    await first.mongo.stop();

    const second = await boot(dataFile);
    try {
      expect(second.seeded.faqInserted).toBe(0);
      expect(await second.content.models.faqEntry.countDocuments()).toBe(FAQ_SEED.length);
      const edited = await second.content.models.faqEntry.findOne({ page: 'home', question: FAQ_SEED[0].question }).lean();
      expect(edited?.answer).toBe('Open every day from 9am.');
    } finally {
      await second.mongo.stop();
    }
  });
});
