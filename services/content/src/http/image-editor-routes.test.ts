import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACKGROUND_SETS,
  CAROUSEL_IMAGE_MAX,
  IMAGE_ALT_REQUIRED,
  IMAGE_ERROR_MESSAGES,
  IMAGE_FORMATS,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_WIDTHS,
  UPLOAD_FILE_FIELD,
  auditListResponseSchema,
  cmsImageListResponseSchema,
  imageEditorListResponseSchema,
  imageEditorRowSchema,
  uploadedImageUrl,
  type ImageEditorRow,
  type PageKey,
} from '@croft/contracts';
import { createDiskBlobStore, type BlobStore } from '@croft/service-kit';
import { HARNESS_ORIGIN as ORIGIN, expectError, setupContentHarness, staffPeople, type Caller } from '../testing/content-harness';
import { CORRUPT_JPEG, EXIF_MAKER, SVG, hasGpsPointer, makeImage, makePhoneJpeg } from '../testing/images';

// The BlobStore: disk in a temporary folder, behind a switch that makes the next puts fail.
const blobRoot = mkdtempSync(join(tmpdir(), 'content-images-'));
const disk = createDiskBlobStore({ root: blobRoot });
let failPutsAfter: number | null = null;
const blobs: BlobStore = {
  kind: 'disk',
  async put(key, data, options) {
    if (failPutsAfter !== null && failPutsAfter-- <= 0) throw new Error('the disk is full');
    return disk.put(key, data, options);
  },
  get: (key) => disk.get(key),
  head: (key) => disk.head(key),
  delete: (key) => disk.delete(key),
};
afterAll(() => rmSync(blobRoot, { recursive: true, force: true }));
afterEach(() => {
  failPutsAfter = null;
  vi.restoreAllMocks();
});

const h = setupContentHarness({ dbName: 'content_images_editor', now: '2030-07-01T09:00:00Z', service: { blobs } });
const { ann, bob, ada, sam } = staffPeople;

/** Files in the BlobStore (its objects folder). */
function blobCount(): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else count++;
    }
  };
  try {
    walk(join(blobRoot, 'objects'));
  } catch {
    return 0;
  }
  return count;
}

/** Rows and files: a refused upload must leave both as they were. */
async function storedState() {
  return { rows: await h.content.models.cmsImage.countDocuments(), files: blobCount() };
}

const carouselPath = (page: PageKey, carousel: string) => `/api/content/editor/images/pages/${page}/carousels/${carousel}`;

interface UploadOptions {
  page?: PageKey;
  carousel?: string;
  who?: Caller;
  filename?: string;
  contentType?: string;
  field?: string;
  origin?: string;
}

/** A multipart upload: `fields` as text fields, `file` (when given) under UPLOAD_FILE_FIELD. */
async function upload(fields: Record<string, string>, file?: Buffer, options: UploadOptions = {}) {
  const req = request(h.app)
    .post(carouselPath(options.page ?? 'home', options.carousel ?? 'hero'))
    .set('Origin', options.origin ?? ORIGIN);
  const who = options.who === undefined ? ann : options.who;
  if (who) req.set('Authorization', `Bearer ${typeof who === 'string' ? who : await h.tokens.token(who)}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (file) req.attach(options.field ?? UPLOAD_FILE_FIELD, file, { filename: options.filename ?? 'photo.jpg', contentType: options.contentType ?? 'image/jpeg' });
  return req;
}

async function uploaded(fields: Record<string, string>, file: Buffer, options: UploadOptions = {}): Promise<ImageEditorRow> {
  const response = await upload(fields, file, options);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return imageEditorRowSchema.parse(response.body);
}

async function editorRows(page: PageKey, who: Caller = ann): Promise<ImageEditorRow[]> {
  const response = await h.call('get', `/editor/images/pages/${page}`, who);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return imageEditorListResponseSchema.parse(response.body).items;
}

/** What a visitor reads (GET /images, through the read cache), as image URLs. */
async function visitorUrls(page: PageKey, carousel: string): Promise<string[]> {
  const response = await request(h.app).get(`/api/content/images?page=${page}&carousel_name=${carousel}`);
  expect(response.status).toBe(200);
  return cmsImageListResponseSchema.parse(response.body).items.map((i) => i.image_url);
}

async function auditEvents() {
  const response = await h.call('get', '/audit?limit=100', ada);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return auditListResponseSchema.parse(response.body).items;
}

const media = (path: string) => request(h.app).get(path).buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

const heroUrls = BACKGROUND_SETS.home.map((b) => `/images/${b.id}`);
const goodFields = { alt: 'The long bar at dusk, lamps lit', type: 'warm' };

describe('the editor list', () => {
  it('shows every row of the page’s carousels, drafts included; seeded rows are version 1, not uploaded', async () => {
    const rows = await editorRows('home');
    expect(rows.filter((r) => r.carousel_name === 'hero').map((r) => r.image_url)).toEqual(heroUrls);
    expect(rows.filter((r) => r.carousel_name === 'background').map((r) => r.image_url)).toEqual(heroUrls);
    const seeded = await h.content.models.cmsImage.findOne({ image_url: heroUrls[0] }).lean();
    expect(rows[0]).toMatchObject({ version: 1, uploaded: false, published: true, updated_at: seeded!.created_at.toISOString() });
    expect(rows[0].updated_by).toBeUndefined();
  });

  it('is for editors and admins: 401 without a token, 403 for staff or no role, aal2 once they have an authenticator app', async () => {
    expectError(await h.call('get', '/editor/images/pages/home', null), 401, 'not_authenticated');
    expectError(await h.call('get', '/editor/images/pages/home', sam), 403, 'forbidden');
    expectError(await h.call('get', '/editor/images/pages/home', { ...ann, roles: [] }), 403, 'forbidden');
    expectError(await h.call('get', '/editor/images/pages/home', { ...ann, mfa: true }), 403, 'aal2_required');
    expect((await editorRows('home', { ...ann, mfa: true, aal: 'aal2' })).length).toBeGreaterThan(0);
    expect((await editorRows('home', ada)).length).toBeGreaterThan(0);
    expectError(await h.call('get', '/editor/images/pages/nowhere', ann), 400, 'invalid_request');
  });
});

describe('upload refusals: each with its own answer, and nothing stored', () => {
  it('refuses callers before reading the file: no token 401, staff or no role 403, aal1 with an app 403, a foreign Origin 403', async () => {
    const photo = await makeImage(800, 600);
    const before = await storedState();
    expectError(await upload(goodFields, photo, { who: null }), 401, 'not_authenticated');
    expectError(await upload(goodFields, photo, { who: sam }), 403, 'forbidden');
    expectError(await upload(goodFields, photo, { who: { ...bob, roles: [] } }), 403, 'forbidden');
    expectError(await upload(goodFields, photo, { who: { ...bob, mfa: true } }), 403, 'aal2_required');
    expectError(await upload(goodFields, photo, { origin: 'https://evil.example' }), 403, 'forbidden_origin');
    expect(await storedState()).toEqual(before);
  });

  it('checks the type by the bytes: a GIF named .jpg, an SVG, a PDF and text are 415 image_type_unsupported', async () => {
    const before = await storedState();
    const gif = await makeImage(800, 600, 'gif');
    for (const [file, filename, contentType] of [
      [gif, 'photo.jpg', 'image/jpeg'],
      [SVG, 'logo.svg', 'image/svg+xml'],
      [SVG, 'logo.png', 'image/png'],
      [Buffer.from('%PDF-1.7\n%%EOF\n'.repeat(4)), 'menu.webp', 'image/webp'],
      [Buffer.from('just some words, not a picture'), 'notes.avif', 'image/avif'],
    ] as const) {
      const message = expectError(await upload(goodFields, file, { filename, contentType }), 415, 'image_type_unsupported');
      expect(message).toBe(IMAGE_ERROR_MESSAGES.image_type_unsupported);
    }
    expect(await storedState()).toEqual(before);
  });

  it('413 image_too_large over the limit (multer stops reading), with the contract’s words; the sign-in check comes first', async () => {
    const before = await storedState();
    const big = Buffer.concat([await makeImage(800, 600), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    expect(expectError(await upload(goodFields, big), 413, 'image_too_large')).toBe(IMAGE_ERROR_MESSAGES.image_too_large);
    // Refused before the body is parsed: a 413 here would mean the file was read first.
    expectError(await upload(goodFields, big, { who: null }), 401, 'not_authenticated');
    expectError(await upload(goodFields, big, { who: sam }), 403, 'forbidden');
    expect(await storedState()).toEqual(before);
  });

  it('422 for a tiny image (image_dimensions) and a damaged one (image_unreadable)', async () => {
    const before = await storedState();
    expect(expectError(await upload(goodFields, await makeImage(300, 200)), 422, 'image_dimensions')).toBe(IMAGE_ERROR_MESSAGES.image_dimensions);
    expect(expectError(await upload(goodFields, CORRUPT_JPEG), 422, 'image_unreadable')).toBe(IMAGE_ERROR_MESSAGES.image_unreadable);
    expect(await storedState()).toEqual(before);
  });

  it('400 for a missing file, missing or blank alt text, unknown and operator-style fields, a wrong file field, two files, a JSON body', async () => {
    const before = await storedState();
    const photo = await makeImage(800, 600);
    expect(expectError(await upload(goodFields), 400, 'image_file_missing')).toBe(IMAGE_ERROR_MESSAGES.image_file_missing);
    expect(expectError(await upload({ type: 'warm' }, photo), 400, 'invalid_request')).toContain(IMAGE_ALT_REQUIRED);
    expect(expectError(await upload({ alt: '   ', type: 'warm' }, photo), 400, 'invalid_request')).toContain(IMAGE_ALT_REQUIRED);
    expect(expectError(await upload({ alt: 'Two\nlines', type: 'warm' }, photo), 400, 'invalid_request')).toMatch(/one line/);
    expect(expectError(await upload({ alt: 'x'.repeat(301), type: 'warm' }, photo), 400, 'invalid_request')).toMatch(/at most 300/);
    expect(expectError(await upload({ alt: 'A photo' }, photo), 400, 'invalid_request')).toMatch(/body\.type: is required/);
    expect(expectError(await upload({ ...goodFields, type: 'neon' }, photo), 400, 'invalid_request')).toMatch(/body\.type/);
    expect(expectError(await upload({ ...goodFields, overlay: '2' }, photo), 400, 'invalid_request')).toMatch(/body\.overlay/);
    expect(expectError(await upload({ ...goodFields, published: 'true' }, photo), 400, 'invalid_request')).toMatch(/unknown field "published"/);
    expect(expectError(await upload({ ...goodFields, 'alt[$ne]': 'x' }, photo), 400, 'invalid_request')).toMatch(/\$ne/);
    expect(expectError(await upload({ alt: 'A photo', 'type[$gt]': '' }, photo), 400, 'invalid_request')).toMatch(/\$gt/);
    expect(expectError(await upload({ ...goodFields, $where: '1' }, photo), 400, 'invalid_request')).toMatch(/\$where/);
    expect(expectError(await upload(goodFields, photo, { field: 'image' }), 400, 'invalid_request')).toContain(`"${UPLOAD_FILE_FIELD}"`);
    const two = request(h.app)
      .post(carouselPath('home', 'hero'))
      .set('Origin', ORIGIN)
      .set('Authorization', `Bearer ${await h.tokens.token(ann)}`)
      .field('alt', 'Two files')
      .field('type', 'warm')
      .attach(UPLOAD_FILE_FIELD, photo, 'a.jpg')
      .attach(UPLOAD_FILE_FIELD, photo, 'b.jpg');
    expectError(await two, 400, 'invalid_request');
    expect(expectError(await h.call('post', '/editor/images/pages/home/carousels/hero', ann, goodFields), 400, 'invalid_request')).toMatch(/multipart\/form-data/);
    expectError(await upload(goodFields, photo, { page: 'nowhere' as PageKey }), 400, 'invalid_request');
    expectError(await upload(goodFields, photo, { carousel: 'Bad_Name' }), 400, 'invalid_request');
    expect(await storedState()).toEqual(before);
  });

  it('409 carousel_full at CAROUSEL_IMAGE_MAX images (drafts count)', async () => {
    const model = h.content.models.cmsImage;
    await model.insertMany(
      Array.from({ length: CAROUSEL_IMAGE_MAX }, (_, i) => ({
        page: 'hall',
        carousel_name: 'full',
        published: i % 2 === 0,
        sort_order: (i + 1) * 10,
        image_url: `/images/hall-full-${i}`,
        metadata: { type: 'dark', alt: `Image ${i}` },
        created_at: new Date(),
      })),
    );
    const before = await storedState();
    const message = expectError(await upload(goodFields, await makeImage(800, 600), { page: 'hall', carousel: 'full' }), 409, 'carousel_full');
    expect(message).toBe(IMAGE_ERROR_MESSAGES.carousel_full);
    expect(await storedState()).toEqual(before);
    await model.deleteMany({ carousel_name: 'full' });
  });

  it('503 storage_unavailable when the BlobStore fails part-way: the files already written are removed, no row', async () => {
    const before = await storedState();
    failPutsAfter = 5;
    const message = expectError(await upload(goodFields, await makeImage(800, 600)), 503, 'storage_unavailable');
    expect(message).toBe(IMAGE_ERROR_MESSAGES.storage_unavailable);
    expect(await storedState()).toEqual(before);
  });
  // A row that cannot be inserted (its files removed) and deletes that fail: domain/image-editing.test.ts.
});

describe('an upload from draft to the site and away', () => {
  it('stores 8 renditions without EXIF or GPS, serves them, publishes to visitors at once, guards versions, and deletes files with the row', async () => {
    const before = await storedState();
    const visitorsBefore = await visitorUrls('home', 'hero'); // primes the visitors' read cache
    expect(visitorsBefore).toEqual(heroUrls);

    const phone = await makePhoneJpeg(900, 600, 1); // EXIF with GPS, upright as stored (turning is tested in the domain)
    expect(hasGpsPointer((await sharp(phone).metadata()).exif)).toBe(true);
    const row = await uploaded({ alt: '  The hatch at lunchtime  ', type: 'light', overlay: '0.4', backgroundPosition: 'center top' }, phone, {
      filename: 'IMG_0001.HEIC',
      contentType: 'image/heic',
    });
    const fileId = /^\/api\/content\/media\/([0-9a-f]{24})$/.exec(row.image_url)?.[1];
    expect(fileId).toBeDefined();
    expect(row.image_url).toBe(uploadedImageUrl(fileId!));
    expect(fileId).not.toBe(row.id);
    expect(row).toMatchObject({
      page: 'home',
      carousel_name: 'hero',
      published: false,
      version: 1,
      uploaded: true,
      width: 1920,
      height: 1280,
      sort_order: 50,
      updated_by: ann.email,
      updated_at: h.clock.now().toISOString(),
      metadata: { alt: 'The hatch at lunchtime', type: 'light', overlay: 0.4, backgroundPosition: 'center top', backgroundSize: 'cover' },
    });
    expect(await storedState()).toEqual({ rows: before.rows + 1, files: before.files + 8 });
    expect((await editorRows('home')).filter((r) => r.carousel_name === 'hero').at(-1)?.id).toBe(row.id);

    // Every rendition is served: right type, width and length, a year's immutable cache, no metadata.
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) {
        const response = await media(`${row.image_url}-${width}.${format}`);
        expect(response.status, `${width}.${format}`).toBe(200);
        expect(response.headers['content-type']).toBe(`image/${format}`);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
        const body = response.body as Buffer;
        expect(Number(response.headers['content-length'])).toBe(body.length);
        const meta = await sharp(body).metadata();
        expect([meta.width, meta.height]).toEqual([width, Math.round((width * 2) / 3)]);
        expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
        expect(hasGpsPointer(meta.exif)).toBe(false);
        expect(body.includes(Buffer.from(EXIF_MAKER))).toBe(false);
      }
    }
    const first = await media(`${row.image_url}-768.webp`);
    const again = await request(h.app).get(`${row.image_url}-768.webp`).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The site's image retry adds cache-bypass parameters.
    expect((await media(`${row.image_url}-768.webp?retry=1&t=123`)).status).toBe(200);

    // A draft never reaches visitors; published, it does at once (this instance's cache is cleared).
    expect(await visitorUrls('home', 'hero')).toEqual(heroUrls);
    expectError(await h.call('put', `/editor/images/items/${row.id}/published`, bob, { published: true, version: 2 }), 409, 'edit_conflict');
    const published = await h.call('put', `/editor/images/items/${row.id}/published`, bob, { published: true, version: 1 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(imageEditorRowSchema.parse(published.body)).toMatchObject({ published: true, version: 2, updated_by: bob.email });
    expect(await visitorUrls('home', 'hero')).toEqual([...heroUrls, row.image_url]);

    // New metadata over a stale version: refused, nothing changes.
    const stale = await h.call('patch', `/editor/images/items/${row.id}`, ann, { alt: 'Someone else’s words', version: 1 });
    expect(expectError(stale, 409, 'edit_conflict')).toBe(IMAGE_ERROR_MESSAGES.edit_conflict);
    const edited = await h.call('patch', `/editor/images/items/${row.id}`, ann, { alt: 'The hatch at noon', overlay: 0.25, version: 2 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(imageEditorRowSchema.parse(edited.body)).toMatchObject({
      version: 3,
      published: true,
      metadata: { alt: 'The hatch at noon', type: 'light', overlay: 0.25, backgroundPosition: 'center top', backgroundSize: 'cover' },
    });
    const visitorRow = cmsImageListResponseSchema
      .parse((await request(h.app).get('/api/content/images?page=home&carousel_name=hero')).body)
      .items.find((i) => i.id === row.id);
    expect(visitorRow?.metadata.alt).toBe('The hatch at noon');

    // Delete: a stale version is refused (files stay); the right one removes the row, then the files.
    expectError(await h.call('delete', `/editor/images/items/${row.id}?version=2`, ann), 409, 'edit_conflict');
    expect((await media(`${row.image_url}-480.avif`)).status).toBe(200);
    const deleted = await h.call('delete', `/editor/images/items/${row.id}?version=3`, ann);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await storedState()).toEqual(before);
    expect(await visitorUrls('home', 'hero')).toEqual(heroUrls);
    const gone = await request(h.app).get(`${row.image_url}-480.avif`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(expectError(await h.call('delete', `/editor/images/items/${row.id}?version=3`, ann), 404, 'image_not_found')).toBe(
      IMAGE_ERROR_MESSAGES.image_not_found,
    );
    expectError(await h.call('patch', `/editor/images/items/${row.id}`, ann, { alt: 'Too late', version: 3 }), 404, 'image_not_found');

    const events = (await auditEvents()).filter((e) => e.target === `images/home/hero/${row.id}`);
    expect(events.map((e) => [e.action, e.actor?.email])).toEqual([
      ['image.deleted', ann.email],
      ['image.updated', ann.email],
      ['image.published', bob.email],
      ['image.uploaded', ann.email],
    ]);
    expect(events[3].detail).toContain('The hatch at lunchtime');
    expect(events[1].detail).toMatch(/alt “The hatch at lunchtime” → “The hatch at noon”; overlay 0\.4 → 0\.25/);
    expect(events[0].detail).toContain(fileId!);
  });

  it('a PNG named .gif and declared image/gif is a PNG: accepted (the bytes decide)', async () => {
    const row = await uploaded({ alt: 'A poster of the cafe counter', type: 'mixed' }, await makeImage(960, 640, 'png'), {
      page: 'cafe',
      carousel: 'background',
      filename: 'poster.gif',
      contentType: 'image/gif',
      who: ada,
    });
    expect(row).toMatchObject({ width: 1920, height: 1280, published: false, updated_by: ada.email });
    expect((await media(`${row.image_url}-1920.avif`)).headers['content-type']).toBe('image/avif');
    await h.content.imageEditor.remove(row.id, row.version, { id: 'test' });
  });
});

describe('the media route', () => {
  it('404 envelope for a file that is not there, 400 for a name that is not a rendition', async () => {
    const missing = await request(h.app).get(`/api/content/media/${'a'.repeat(24)}-480.avif`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expectError(await request(h.app).get(`/api/content/media/${'a'.repeat(24)}-500.avif`), 400, 'invalid_request');
    expectError(await request(h.app).get(`/api/content/media/${'a'.repeat(24)}-480.png`), 400, 'invalid_request');
    expectError(await request(h.app).get('/api/content/media/..%2F..%2Fetc%2Fpasswd'), 400, 'invalid_request');
  });
});

describe('metadata, publishing, reordering and deleting catalogue rows', () => {
  it('edits a seeded row (no version field yet: it is version 1) and refuses an empty change or blank alt', async () => {
    const [first] = (await editorRows('beer')).filter((r) => r.carousel_name === 'background');
    expectError(await h.call('patch', `/editor/images/items/${first.id}`, ann, { version: 1 }), 400, 'invalid_request');
    expect(expectError(await h.call('patch', `/editor/images/items/${first.id}`, ann, { alt: ' ', version: 1 }), 400, 'invalid_request')).toContain(
      IMAGE_ALT_REQUIRED,
    );
    expectError(await h.call('patch', `/editor/images/items/${first.id}`, ann, { alt: 'x', version: 1, published: true }), 400, 'invalid_request');
    expectError(await h.call('patch', `/editor/images/items/${first.id}`, ann, { alt: { $ne: 1 }, version: 1 }), 400, 'invalid_request');
    expectError(await h.call('patch', `/editor/images/items/${'f'.repeat(24)}`, ann, { alt: 'x', version: 1 }), 404, 'image_not_found');
    const response = await h.call('patch', `/editor/images/items/${first.id}`, ann, { backgroundSize: 'contain', type: 'dark', version: 1 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(imageEditorRowSchema.parse(response.body)).toMatchObject({ version: 2, metadata: { backgroundSize: 'contain', type: 'dark', alt: first.metadata.alt } });
  });

  it('unpublishes at once for visitors, and reorders only with exactly the carousel’s ids (drafts included)', async () => {
    const rows = (await editorRows('kitchens')).filter((r) => r.carousel_name === 'background');
    const urls = rows.map((r) => r.image_url);
    expect(await visitorUrls('kitchens', 'background')).toEqual(urls);
    const off = await h.call('put', `/editor/images/items/${rows[0].id}/published`, ann, { published: false, version: 1 });
    expect(off.status).toBe(200);
    expect(await visitorUrls('kitchens', 'background')).toEqual(urls.slice(1));

    const order = (ids: string[], page = 'kitchens', carousel = 'background') =>
      h.call('put', `/editor/images/pages/${page}/carousels/${carousel}/order`, bob, { ids });
    const before = await h.content.models.cmsImage.find({ page: 'kitchens' }).sort({ _id: 1 }).lean();
    const ids = rows.map((r) => r.id);
    for (const wrong of [ids.slice(1), [...ids.slice(1), 'f'.repeat(24)], [...ids, 'f'.repeat(24)]]) {
      expect(expectError(await order(wrong), 409, 'image_order_mismatch')).toBe(IMAGE_ERROR_MESSAGES.image_order_mismatch);
    }
    // The ids of another carousel are not this one's.
    const homeIds = (await editorRows('home')).filter((r) => r.carousel_name === 'hero').map((r) => r.id);
    expectError(await order(homeIds), 409, 'image_order_mismatch');
    expectError(await order([ids[0], ids[0], ids[1]]), 400, 'invalid_request');
    expect(await h.content.models.cmsImage.find({ page: 'kitchens' }).sort({ _id: 1 }).lean()).toEqual(before);

    const reversed = [...ids].reverse();
    const response = await order(reversed);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = imageEditorListResponseSchema.parse(response.body).items;
    expect(items.map((r) => r.id)).toEqual(reversed);
    expect(items.map((r) => r.sort_order)).toEqual(reversed.map((_, i) => (i + 1) * 10));
    // Order is not a change of a row: versions stay.
    expect(items.find((r) => r.id === ids[1])?.version).toBe(1);
    // Visitors: the new order at once, the unpublished one still left out.
    expect(await visitorUrls('kitchens', 'background')).toEqual([...urls].reverse().slice(0, -1));
    const event = (await auditEvents()).find((e) => e.action === 'image.reordered');
    expect(event).toMatchObject({ target: 'images/kitchens/background', actor: { id: bob.sub, email: bob.email } });
  });

  it('deletes a catalogue row without touching the BlobStore, and the seed does not bring it back', async () => {
    const [row] = (await editorRows('hall')).filter((r) => r.carousel_name === 'background');
    const deleteSpy = vi.spyOn(blobs, 'delete');
    const response = await h.call('delete', `/editor/images/items/${row.id}?version=1`, ada);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(deleteSpy).not.toHaveBeenCalled();
    expect(await visitorUrls('hall', 'background')).not.toContain(row.image_url);
    expect((await h.content.seed()).imagesInserted).toBe(0);
    expect(await h.content.models.cmsImage.countDocuments({ page: 'hall', image_url: row.image_url })).toBe(0);
    expectError(await h.call('delete', `/editor/images/items/${row.id}?version=x`, ada), 400, 'invalid_request');
  });

  it('counts each editor’s image writes per minute (429 rate_limited)', async () => {
    const limited = h.another({ editorWritesPerMinute: 2, blobs });
    const rita = { sub: 'user-rita', email: 'rita@croftcommon.test', roles: ['editor' as const] };
    const token = await h.tokens.token(rita);
    const [row] = await editorRows('community');
    const patch = () =>
      request(limited.app)
        .patch(`/api/content/editor/images/items/${row.id}`)
        .set('Origin', ORIGIN)
        .set('Authorization', `Bearer ${token}`)
        .send({ alt: 'x', version: 99 });
    expectError(await patch(), 409, 'edit_conflict');
    expectError(await patch(), 409, 'edit_conflict');
    expectError(await patch(), 429, 'rate_limited');
    // Reads are not counted.
    expect((await request(limited.app).get('/api/content/editor/images/pages/community').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });

  it('without a token verifier the editor routes answer 503 not_configured; without a BlobStore uploads answer 503 storage_unavailable', async () => {
    const bare = h.another({ verifyAccessToken: undefined });
    expectError(await request(bare.app).get('/api/content/editor/images/pages/home'), 503, 'not_configured');
    const noStore = h.another({ blobs: undefined });
    const response = await request(noStore.app)
      .post(carouselPath('home', 'hero'))
      .set('Origin', ORIGIN)
      .set('Authorization', `Bearer ${await h.tokens.token(ann)}`)
      .field('alt', 'A photo')
      .field('type', 'dark')
      .attach(UPLOAD_FILE_FIELD, await makeImage(800, 600), 'a.jpg');
    expectError(response, 503, 'storage_unavailable');
    expect((await request(noStore.app).get(`/api/content/media/${'a'.repeat(24)}-480.avif`)).status).toBe(404);
  });
});
