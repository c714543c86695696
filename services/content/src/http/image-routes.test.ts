import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_SETS, cmsImageListResponseSchema, errorEnvelopeSchema, PAGE_KEYS } from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { createContentService, type ContentService } from '../content-service';

let mongo: MongoHandle;
let content: ContentService;
let app: Express;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `content_images_${process.pid}` });
  content = createContentService({ db: mongo.connection, clock: manualClock('2025-03-01T10:00:00Z') });
  await content.seed();
  app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: 'http://localhost:3000' });
});
afterAll(async () => {
  await mongo?.stop();
});
beforeEach(() => content.invalidateCache());

function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

async function images(qs: string) {
  const response = await request(app).get(`/api/content/images?${qs}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return cmsImageListResponseSchema.parse(response.body).items;
}

describe('GET /api/content/images', () => {
  it('serves the home hero carousel from the imagery catalogue, in order, with its metadata', async () => {
    const items = await images('page=home&carousel_name=hero');
    expect(items.map((i) => i.image_url)).toEqual(BACKGROUND_SETS.home.map((b) => `/images/${b.id}`));
    expect(items.map((i) => i.sort_order)).toEqual([10, 20, 30, 40]);
    const industrial = BACKGROUND_SETS.home[3];
    expect(items[3]).toMatchObject({
      page: 'home',
      carousel_name: 'hero',
      published: true,
      metadata: { type: industrial.tone, overlay: industrial.overlay, backgroundPosition: 'center top', backgroundSize: 'cover', alt: industrial.alt },
    });
    expect(items[0].metadata.backgroundPosition).toBe('center');
  });

  it('has a background carousel for every page from its set', async () => {
    for (const page of PAGE_KEYS) {
      const items = await images(`page=${page}&carousel_name=background`);
      expect(items.map((i) => i.image_url), page).toEqual(BACKGROUND_SETS[page].map((b) => `/images/${b.id}`));
      expect(items.map((i) => i.metadata.type), page).toEqual(BACKGROUND_SETS[page].map((b) => b.tone));
    }
    expect(await images('page=cafe&carousel_name=hero')).toEqual([]);
  });

  it('orders by sort_order and leaves unpublished images out', async () => {
    const model = content.models.cmsImage;
    const now = new Date();
    await model.create([
      { page: 'beer', carousel_name: 'taps', published: true, sort_order: 20, image_url: '/images/beer-2', metadata: { type: 'warm' }, created_at: now },
      { page: 'beer', carousel_name: 'taps', published: false, sort_order: 5, image_url: '/images/beer-3', metadata: { type: 'dark' }, created_at: now },
      { page: 'beer', carousel_name: 'taps', published: true, sort_order: -1, image_url: '/images/beer-1', metadata: { type: 'industrial', overlay: 0 }, created_at: now },
    ]);
    const items = await images('page=beer&carousel_name=taps');
    expect(items.map((i) => [i.image_url, i.sort_order])).toEqual([
      ['/images/beer-1', -1],
      ['/images/beer-2', 20],
    ]);
    expect(items[0].metadata).toEqual({ type: 'industrial', overlay: 0 });
    await expect(
      model.create({ page: 'beer', carousel_name: 'taps', published: true, sort_order: 1, image_url: '/images/beer-1', metadata: { type: 'dark' }, created_at: now }),
    ).rejects.toMatchObject({ code: 11000 });
    await expect(
      model.create({ page: 'beer', carousel_name: 'taps', published: true, sort_order: 1, image_url: '/images/x', metadata: { type: 'neon' as never }, created_at: now }),
    ).rejects.toThrow(/type/);
  });

  it('validates the query strictly: unknown page, bad names, extra keys and operators are a 400', async () => {
    const before = await content.models.cmsImage.countDocuments();
    expect(expectError(await request(app).get('/api/content/images?page=admin&carousel_name=hero'), 400, 'invalid_request')).toContain(
      'query.page: must be one of',
    );
    expect(expectError(await request(app).get('/api/content/images?page=home'), 400, 'invalid_request')).toContain('query.carousel_name: is required');
    for (const qs of [
      'page=home&carousel_name=Hero',
      'page=home&carousel_name=../etc',
      `page=home&carousel_name=${'a'.repeat(41)}`,
      'page=home&carousel_name=hero&published=false',
      'page=home&carousel_name[$ne]=x',
      'page=home&carousel_name=hero&carousel_name=background',
    ]) {
      expectError(await request(app).get(`/api/content/images?${qs}`), 400, 'invalid_request');
    }
    expect(await content.models.cmsImage.countDocuments()).toBe(before);
  });

  it('answers a read failure with a 500 envelope', async () => {
    const spy = vi.spyOn(content.models.cmsImage, 'find').mockImplementationOnce(() => {
      throw new Error('database unavailable');
    });
    try {
      expectError(await request(app).get('/api/content/images?page=home&carousel_name=hero'), 500, 'internal_error');
    } finally {
      spy.mockRestore();
    }
    expect(await images('page=home&carousel_name=hero')).toHaveLength(4);
  });
});
