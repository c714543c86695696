import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMongo } from '@croft/service-kit';
import { createContentService } from '../content-service';
import { IMAGE_SEED } from './image-store';
import { SECRET_WORD_SEED } from './secret-word-store';
import { FAQ_SEED } from './seed-faq';
import { GLOBAL_TEXT_SEED, PAGE_TEXT_SEED } from './text-store';

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
    expect(first.seeded).toEqual({
      faqInserted: FAQ_SEED.length,
      pageTextInserted: PAGE_TEXT_SEED.length,
      globalTextInserted: GLOBAL_TEXT_SEED.length,
      imagesInserted: IMAGE_SEED.length,
      secretWordsInserted: SECRET_WORD_SEED.length,
    });
    const { models } = first.content;
    await models.faqEntry.updateOne({ page: 'home', question: FAQ_SEED[0].question }, { $set: { answer: 'Open every day from 9am.' } });
    await models.cmsContent.updateOne(
      { page: 'beer', section: 'hero', content_key: 'title' },
      { $set: { 'content_data.text': 'The Beer Hall, edited' } },
    );
    // An editor removed the seeded hall heading and left only a draft of their own.
    await models.cmsContent.deleteOne({ page: 'hall', section: 'about', content_key: 'heading' });
    await models.cmsContent.create({
      page: 'hall', section: 'about', content_key: 'heading', content_data: { text: 'Draft heading' }, published: false, revision: 1, created_by: 'editor-1', updated_at: new Date(),
    });
    await models.cmsGlobalContent.updateOne({ content_key: 'brand_name' }, { $set: { content_value: 'CROFT COMMON' } });
    await models.cmsImage.updateOne({ page: 'home', carousel_name: 'hero', image_url: '/images/home-2' }, { $set: { published: false } });
    await models.secretWord.updateOne({ word_key: 'gromit' }, { $set: { is_active: false } });
    await first.mongo.stop();

    const second = await boot(dataFile);
    try {
      expect(second.seeded).toEqual({ faqInserted: 0, pageTextInserted: 0, globalTextInserted: 0, imagesInserted: 0, secretWordsInserted: 0 });
      const m = second.content.models;
      expect(await m.faqEntry.countDocuments()).toBe(FAQ_SEED.length);
      expect((await m.faqEntry.findOne({ page: 'home', question: FAQ_SEED[0].question }).lean())?.answer).toBe('Open every day from 9am.');
      expect(await m.cmsContent.countDocuments()).toBe(PAGE_TEXT_SEED.length);
      expect((await m.cmsContent.findOne({ page: 'beer', section: 'hero', content_key: 'title' }).lean())?.content_data.text).toBe(
        'The Beer Hall, edited',
      );
      const hall = await m.cmsContent.find({ page: 'hall', section: 'about', content_key: 'heading' }).lean();
      expect(hall.map((d) => [d.content_data.text, d.published])).toEqual([['Draft heading', false]]);
      expect((await m.cmsGlobalContent.findOne({ content_key: 'brand_name' }).lean())?.content_value).toBe('CROFT COMMON');
      expect(await m.cmsImage.countDocuments()).toBe(IMAGE_SEED.length);
      expect((await m.cmsImage.findOne({ image_url: '/images/home-2', carousel_name: 'hero' }).lean())?.published).toBe(false);
      expect(await m.secretWord.countDocuments()).toBe(SECRET_WORD_SEED.length);
      expect((await m.secretWord.findOne({ word_key: 'gromit' }).lean())?.is_active).toBe(false);
    } finally {
      await second.mongo.stop();
    }
  });
});
