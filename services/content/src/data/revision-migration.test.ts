import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalTextResponseSchema, pageTextResponseSchema } from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { createContentService } from '../content-service';
import { cmsContentModel, cmsGlobalContentModel } from './cms-content-model';
import { assignMissingRevisions } from './text-store';

let mongo: MongoHandle;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `content_migration_${process.pid}` });
});
afterAll(async () => {
  await mongo?.stop();
});

const at = (iso: string) => new Date(iso);

describe('rows saved before versions (an older dev database)', () => {
  it('get revisions per text at start, oldest first, once, even with two instances starting together', async () => {
    const pages = cmsContentModel(mongo.connection);
    const globals = cmsGlobalContentModel(mongo.connection);
    await Promise.all([pages.init(), globals.init()]);
    // Written as the old service did: no revision field at all (straight into the collections).
    await pages.collection.insertMany([
      { page: 'cafe', section: 'hero', content_key: 'title', content_type: 'text', content_data: { text: 'Seeded' }, published: true, created_by: null, updated_at: at('2025-01-01T00:00:00Z') },
      { page: 'cafe', section: 'hero', content_key: 'title', content_type: 'text', content_data: { text: 'Edited, live' }, published: true, created_by: 'u1', updated_at: at('2025-03-01T00:00:00Z') },
      { page: 'cafe', section: 'hero', content_key: 'title', content_type: 'text', content_data: { text: 'A draft' }, published: false, created_by: 'u2', updated_at: at('2025-04-01T00:00:00Z') },
      { page: 'cafe', section: 'hero', content_key: 'subtitle', content_type: 'text', content_data: { text: 'Only one' }, published: true, created_by: null, updated_at: at('2025-01-01T00:00:00Z') },
    ]);
    await globals.collection.insertMany([
      { content_key: 'tagline', content_type: 'text', content_value: 'Old tagline', content_data: null, published: true, created_by: null, updated_at: at('2025-01-01T00:00:00Z') },
      { content_key: 'tagline', content_type: 'text', content_value: 'New tagline', content_data: null, published: true, created_by: 'u1', updated_at: at('2025-02-01T00:00:00Z') },
    ]);

    // Before numbering, visitors already see the newest published row (missing revisions fall back to dates).
    const content = createContentService({ db: mongo.connection, clock: manualClock('2030-01-01T00:00:00Z'), jobPollMs: 0 });
    const app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: 'http://localhost:3000' });
    const read = async () => {
      content.invalidateCache();
      const cafe = pageTextResponseSchema.parse((await request(app).get('/api/content/pages/cafe/text')).body).items;
      const global = globalTextResponseSchema.parse((await request(app).get('/api/content/global')).body).items;
      return {
        title: cafe.find((i) => i.content_key === 'title')?.content_data.text,
        subtitle: cafe.find((i) => i.content_key === 'subtitle')?.content_data.text,
        tagline: global.find((i) => i.content_key === 'tagline')?.content_value,
      };
    };
    const expected = { title: 'Edited, live', subtitle: 'Only one', tagline: 'New tagline' };
    expect(await read()).toEqual(expected);

    // Two instances start at the same moment.
    const counts = await Promise.all([assignMissingRevisions(pages), assignMissingRevisions(pages), assignMissingRevisions(globals)]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(counts[2]).toBe(2);

    const titles = await pages.find({ content_key: 'title' }).sort({ revision: 1 }).lean();
    expect(titles.map((t) => [t.revision, t.content_data.text])).toEqual([
      [1, 'Seeded'],
      [2, 'Edited, live'],
      [3, 'A draft'],
    ]);
    expect((await pages.findOne({ content_key: 'subtitle' }).lean())?.revision).toBe(1);
    expect((await globals.find({}).sort({ revision: 1 }).lean()).map((g) => [g.revision, g.content_value])).toEqual([
      [1, 'Old tagline'],
      [2, 'New tagline'],
    ]);
    // The same answer to visitors, and a second run changes nothing.
    expect(await read()).toEqual(expected);
    expect(await assignMissingRevisions(pages)).toBe(0);
    // The seed adds nothing for keys that exist, and the editor sees revision 3 as the pending draft.
    await content.seed({ faq: [], images: [], secretWords: [], pageText: [{ page: 'cafe', section: 'hero', content_key: 'title', text: 'x' }], globalText: [] });
    const entry = await content.editor.entry({ page: 'cafe', section: 'hero', content_key: 'title' });
    expect(entry).toMatchObject({ head_revision: 3, draft: { revision: 3, content_data: { text: 'A draft' } }, live: { revision: 2 } });
    await content.close();
  });
});
