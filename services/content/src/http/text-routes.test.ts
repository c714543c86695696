import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorEnvelopeSchema,
  GLOBAL_TEXT_DEFAULTS,
  globalTextResponseSchema,
  PAGE_KEYS,
  PAGE_TEXT_DEFAULTS,
  pageTextResponseSchema,
} from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { createContentService, type ContentService } from '../content-service';

const ORIGIN = 'http://localhost:3000';
let mongo: MongoHandle;
let content: ContentService;
let app: Express;
const clock = manualClock('2025-03-01T10:00:00Z');

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `content_text_${process.pid}` });
  content = createContentService({ db: mongo.connection, clock, logger: silentLogger() });
  await content.seed();
  app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: ORIGIN });
});
afterAll(async () => {
  await mongo?.stop();
});
beforeEach(() => content.invalidateCache());

/** A value outside the model's types, to prove the model refuses it. */
const bad = (value: string) => value as never;

function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

async function pageText(page: string) {
  const response = await request(app).get(`/api/content/pages/${page}/text`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return pageTextResponseSchema.parse(response.body).items;
}

describe('GET /api/content/pages/:page/text', () => {
  it('serves the seeded, published text of every page, exactly the bundled defaults', async () => {
    for (const page of PAGE_KEYS) {
      const items = await pageText(page);
      const served = Object.fromEntries(items.map((i) => [`${i.section}.${i.content_key}`, i.content_data.text]));
      const bundled = Object.fromEntries(
        Object.entries(PAGE_TEXT_DEFAULTS[page]).flatMap(([section, keys]) =>
          Object.entries(keys).map(([key, text]) => [`${section}.${key}`, text]),
        ),
      );
      expect(served, page).toEqual(bundled);
      expect(Object.keys(served).length, page).toBeGreaterThanOrEqual(6);
      expect(items.every((i) => i.page === page && i.published && i.content_type === 'text' && i.created_by === null)).toBe(true);
    }
    const home = await request(app).get('/api/content/pages/home/text');
    expect(home.headers['cache-control']).toBe('public, no-cache');
  });

  it('serves the published row with the highest revision per key and never a draft, whatever its date', async () => {
    const model = content.models.cmsContent;
    const at = (iso: string) => new Date(iso);
    await model.create([
      // An older revision saved later than the newest (dates do not decide; revisions do).
      { page: 'cafe', section: 'hero', content_key: 'title', content_data: { text: 'Older edit' }, published: true, revision: 2, created_by: 'u1', updated_at: at('2025-08-01T00:00:00Z') },
      {
        page: 'cafe',
        section: 'hero',
        content_key: 'title',
        content_data: { text: 'Newest published', positioning: { alignment: 'center', containerPosition: 'page-right', marginTop: '4', marginBottom: '0' } },
        published: true,
        revision: 3,
        created_by: 'u2',
        updated_at: at('2025-06-01T00:00:00Z'),
      },
      { page: 'cafe', section: 'hero', content_key: 'title', content_data: { text: 'Draft, newer still' }, published: false, revision: 4, created_by: 'u3', updated_at: at('2025-07-01T00:00:00Z') },
      { page: 'cafe', section: 'secret', content_key: 'only_draft', content_data: { text: 'Never shown' }, published: false, revision: 1, created_by: 'u3', updated_at: at('2025-07-01T00:00:00Z') },
    ]);
    try {
      const items = await pageText('cafe');
      const titles = items.filter((i) => i.section === 'hero' && i.content_key === 'title');
      expect(titles).toHaveLength(1);
      expect(titles[0]).toMatchObject({
        content_data: { text: 'Newest published', positioning: { alignment: 'center', containerPosition: 'page-right', marginTop: '4', marginBottom: '0' } },
        created_by: 'u2',
        updated_at: '2025-06-01T00:00:00.000Z',
      });
      expect(items.some((i) => i.section === 'secret')).toBe(false);
      expect(JSON.stringify(items)).not.toContain('Draft, newer still');
      // Other pages are untouched.
      expect((await pageText('beer')).some((i) => i.content_data.text === 'Newest published')).toBe(false);
    } finally {
      await model.deleteMany({ page: 'cafe', created_by: { $in: ['u1', 'u2', 'u3'] } });
    }
  });

  it('keeps text for a minute in browsers and 5 s in memory; a 304 for a matching ETag', async () => {
    const first = await request(app).get('/api/content/pages/hall/text');
    const again = await request(app).get('/api/content/pages/hall/text').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    await content.models.cmsContent.create({
      page: 'hall', section: 'about', content_key: 'heading', content_data: { text: 'Fresh heading' }, published: true, revision: 2, created_by: 'u9', updated_at: new Date('2030-01-01T00:00:00Z'),
    });
    try {
      clock.advance(4_000);
      expect((await pageText('hall')).find((i) => i.section === 'about' && i.content_key === 'heading')?.content_data.text).not.toBe('Fresh heading');
      clock.advance(1_001);
      expect((await pageText('hall')).find((i) => i.section === 'about' && i.content_key === 'heading')?.content_data.text).toBe('Fresh heading');
      const changed = await request(app).get('/api/content/pages/hall/text').set('If-None-Match', first.headers.etag);
      expect(changed.status).toBe(200);
    } finally {
      await content.models.cmsContent.deleteMany({ created_by: 'u9' });
    }
  });

  it('rejects unknown pages, hostile params and extra query keys with 400 and changes nothing', async () => {
    const before = await content.models.cmsContent.countDocuments();
    expect(expectError(await request(app).get('/api/content/pages/admin/text'), 400, 'invalid_request')).toContain('params.page: must be one of home');
    expectError(await request(app).get('/api/content/pages/global/text'), 400, 'invalid_request');
    expectError(await request(app).get('/api/content/pages/%24ne/text'), 400, 'invalid_request');
    expectError(await request(app).get('/api/content/pages/home%00/text'), 400, 'invalid_request');
    expectError(await request(app).get(`/api/content/pages/${'x'.repeat(5000)}/text`), 400, 'invalid_request');
    expect(expectError(await request(app).get('/api/content/pages/home/text?published=false'), 400, 'invalid_request')).toContain(
      'unknown field "published"',
    );
    expectError(await request(app).get('/api/content/pages/home/text?published[$ne]=true'), 400, 'invalid_request');
    expect(await content.models.cmsContent.countDocuments()).toBe(before);
  });

  it('answers a read failure with a 500 envelope and does not cache it', async () => {
    const spy = vi.spyOn(content.models.cmsContent, 'find').mockImplementationOnce(() => {
      throw new Error('database unavailable');
    });
    try {
      expect(expectError(await request(app).get('/api/content/pages/kitchens/text'), 500, 'internal_error')).toBe('Something went wrong');
    } finally {
      spy.mockRestore();
    }
    expect((await pageText('kitchens')).length).toBeGreaterThan(0);
  });
});

describe('GET /api/content/global', () => {
  it('serves the published global text, one row per key', async () => {
    const response = await request(app).get('/api/content/global');
    expect(response.status).toBe(200);
    const { items } = globalTextResponseSchema.parse(response.body);
    expect(Object.fromEntries(items.map((i) => [i.content_key, i.content_value]))).toEqual(GLOBAL_TEXT_DEFAULTS);
    expect(items.find((i) => i.content_key === 'brand_name')?.content_value).toBe('Croft Common');
  });

  it('lets a newer published row win and hides drafts', async () => {
    const model = content.models.cmsGlobalContent;
    await model.create([
      { content_key: 'tagline', content_value: 'New tagline', content_data: { text: 'New tagline', positioning: { alignment: 'right' } }, published: true, revision: 2, created_by: 'g1', updated_at: new Date('2031-01-01T00:00:00Z') },
      { content_key: 'brand_name', content_value: 'Draft brand', content_data: null, published: false, revision: 2, created_by: 'g1', updated_at: new Date('2032-01-01T00:00:00Z') },
    ]);
    try {
      const { items } = globalTextResponseSchema.parse((await request(app).get('/api/content/global')).body);
      const byKey = Object.fromEntries(items.map((i) => [i.content_key, i]));
      expect(byKey.tagline.content_value).toBe('New tagline');
      expect(byKey.tagline.content_data).toEqual({ text: 'New tagline', positioning: { alignment: 'right' } });
      expect(byKey.brand_name.content_value).toBe('Croft Common');
      expect(items.filter((i) => i.content_key === 'tagline')).toHaveLength(1);
    } finally {
      await model.deleteMany({ created_by: 'g1' });
    }
  });

  it('rejects any query and answers read failures with 500', async () => {
    expectError(await request(app).get('/api/content/global?draft=1'), 400, 'invalid_request');
    expectError(await request(app).get('/api/content/global?$where=1'), 400, 'invalid_request');
    const spy = vi.spyOn(content.models.cmsGlobalContent, 'find').mockImplementationOnce(() => {
      throw new Error('database unavailable');
    });
    try {
      expectError(await request(app).get('/api/content/global'), 500, 'internal_error');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the cms_content model', () => {
  it('refuses positioning outside the spec and unknown keys', async () => {
    const model = content.models.cmsContent;
    const base = { page: 'home' as const, section: 'hero', content_key: 'title', published: false, revision: 9, updated_at: new Date() };
    await expect(model.create({ ...base, content_data: { text: 'x', positioning: { alignment: bad('justify') } } })).rejects.toThrow(/alignment/);
    await expect(model.create({ ...base, content_data: { text: 'x', positioning: { marginTop: bad('3') } } })).rejects.toThrow(/marginTop/);
    await expect(model.create({ ...base, content_data: { text: 'x', positioning: { containerPosition: bad('page-top') } } })).rejects.toThrow(
      /containerPosition/,
    );
    await expect(model.create({ ...base, section: 'Hero Section', content_data: { text: 'x' } })).rejects.toThrow(/section/);
    await expect(model.create({ ...base, page: bad('admin'), content_data: { text: 'x' } })).rejects.toThrow(/page/);
    await expect(model.create({ ...base, revision: 0, content_data: { text: 'x' } })).rejects.toThrow(/revision/);
    await expect(model.create({ ...base, revision: 1.5, content_data: { text: 'x' } })).rejects.toThrow(/revision/);
    const { revision: _none, ...unnumbered } = base;
    await expect(model.create({ ...unnumbered, content_data: { text: 'x' } })).rejects.toThrow(/revision/);
    // A revision is unique per text: the seeded revision 1 cannot be written twice.
    await expect(model.create({ ...base, revision: 1, content_data: { text: 'x' } })).rejects.toMatchObject({ code: 11000 });
    expect(await model.countDocuments({ published: false, page: 'home' })).toBe(0);
  });
});
