import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CAROUSEL_IMAGE_MAX,
  IMAGE_ERROR_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  UPLOAD_FILE_FIELD,
  cmsImageListResponseSchema,
  contentEndpoints,
  contentImageEditingEndpoints as images,
  endpointUrl,
  getUploadedImageEndpoint,
  imageEditorListResponseSchema,
  imageEditorRowSchema,
  type EndpointRoute,
  type ImageEditorRow,
} from '@croft/contracts';
import { createMockServer, installNodeFormData } from '../node';
import { buildImageEditorRow, createImageEditingStore, imageEditingHandlers, imageEditingScenarios, mockImageId } from './image-editing';

const server = createMockServer([]);
let restore: () => void = () => undefined;
beforeAll(async () => {
  restore = await installNodeFormData();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  restore();
});

const ORIGIN = 'http://api.test';
type Answer = { status: number; body: { error?: { code: string; message: string } } & Record<string, unknown>; response: Response };

async function call(endpoint: EndpointRoute, request: { params?: unknown; query?: unknown; body?: unknown } = {}, token: string | null = 'token'): Promise<Answer> {
  const res = await fetch(`${ORIGIN}${endpointUrl(endpoint, request)}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  return { status: res.status, body: await res.clone().json().catch(() => ({})), response: res };
}

/** A PNG's signature and IHDR (width × height): enough for the type and size checks. */
function png(width = 1200, height = 800, extra = 16): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(24 + extra);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

async function upload(fields: Record<string, string>, file: Blob | null, params = { page: 'home', carousel_name: 'hero' }, token: string | null = 'token'): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(UPLOAD_FILE_FIELD, file, 'photo.bin');
  const res = await fetch(`${ORIGIN}${endpointUrl(images.uploadImage, { params })}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.clone().json().catch(() => ({})), response: res };
}

const editorRows = async (page = 'home'): Promise<ImageEditorRow[]> =>
  imageEditorListResponseSchema.parse((await call(images.listImageEditorRows, { params: { page } })).body).items;
const visitor = async (page = 'home', carousel_name = 'hero') =>
  cmsImageListResponseSchema.parse((await call(contentEndpoints.listCarouselImages, { query: { page, carousel_name } }, null)).body).items.map((i) => i.id);

describe('imageEditingHandlers', () => {
  it('seeds home’s hero and every page’s background from the catalogue, drafts included for editors only', async () => {
    const store = createImageEditingStore();
    server.use(...imageEditingHandlers({ store }));
    const rows = await editorRows();
    expect(rows.filter((r) => r.carousel_name === 'hero').map((r) => r.image_url)).toEqual(['/images/home-1', '/images/home-2', '/images/home-3', '/images/home-4']);
    expect(rows.filter((r) => r.carousel_name === 'background' && !r.published)).toHaveLength(1);
    expect((await editorRows('cafe')).map((r) => r.carousel_name)).toEqual(['background', 'background', 'background']);
    expect(await visitor('home', 'background')).toHaveLength(4);
    expect((await call(images.listImageEditorRows, { params: { page: 'home' } }, null)).status).toBe(401);
  });

  it('uploads a draft at the end, sniffed by its bytes, and serves its bytes at every rendition URL; published, visitors see it', async () => {
    const store = createImageEditingStore();
    server.use(...imageEditingHandlers({ store }));
    const before = await visitor();
    const created = await upload({ alt: '  The pier at dusk  ', type: 'warm', overlay: '0.3' }, new Blob([png()], { type: 'text/plain' }));
    expect(created.status).toBe(201);
    const row = imageEditorRowSchema.parse(created.body);
    expect(row).toMatchObject({
      carousel_name: 'hero',
      published: false,
      uploaded: true,
      version: 1,
      width: 1200,
      height: 800,
      image_url: `/api/content/media/${row.id}`,
      metadata: { alt: 'The pier at dusk', type: 'warm', overlay: 0.3, backgroundPosition: 'center', backgroundSize: 'cover' },
    });
    expect((await editorRows()).filter((r) => r.carousel_name === 'hero').at(-1)?.id).toBe(row.id);
    expect(await visitor()).toEqual(before);

    const media = await call(getUploadedImageEndpoint, { params: { file: `${row.id}-768.avif` }, query: { retry: '1' } }, null);
    expect(media.status).toBe(200);
    expect(media.response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await media.response.arrayBuffer()).slice(0, 4)).toEqual(png().slice(0, 4));
    expect((await call(getUploadedImageEndpoint, { params: { file: `${mockImageId(9)}-768.avif` } }, null)).status).toBe(404);

    const published = await call(images.setImagePublished, { params: { id: row.id }, body: { published: true, version: 1 } });
    expect(published.body).toMatchObject({ published: true, version: 2 });
    expect(await visitor()).toEqual([...before, row.id]);
    expect(store.audit.map((e) => e.action)).toEqual(['image.published', 'image.uploaded']);
  });

  it('refuses an upload as the service does, in the contract’s words', async () => {
    const store = createImageEditingStore();
    server.use(...imageEditingHandlers({ store }));
    const count = store.rows.length;
    const refused = async (fields: Record<string, string>, file: Blob | null) => {
      const answer = await upload(fields, file);
      return { status: answer.status, code: answer.body.error?.code, message: answer.body.error?.message };
    };
    const fields = { alt: 'A photo', type: 'dark' };
    expect(await refused(fields, new Blob(['GIF89a and the rest'], { type: 'image/png' }))).toEqual({
      status: 415,
      code: 'image_type_unsupported',
      message: IMAGE_ERROR_MESSAGES.image_type_unsupported,
    });
    expect(await refused(fields, null)).toMatchObject({ status: 400, code: 'image_file_missing' });
    expect(await refused(fields, new Blob([png(), new Uint8Array(IMAGE_UPLOAD_MAX_BYTES)]))).toMatchObject({ status: 413, code: 'image_too_large' });
    expect(await refused(fields, new Blob([png(320, 200)]))).toMatchObject({ status: 422, code: 'image_dimensions' });
    expect(await refused({ alt: '   ', type: 'dark' }, new Blob([png()]))).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await refused({ alt: 'A photo', type: 'neon' }, new Blob([png()]))).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((await upload(fields, new Blob([png()]), undefined, null)).status).toBe(401);
    expect(store.rows).toHaveLength(count);
    expect(store.files.size).toBe(0);
  });

  it('a full carousel takes no more', async () => {
    const full = Array.from({ length: CAROUSEL_IMAGE_MAX }, (_, i) => buildImageEditorRow({ id: mockImageId(500 + i), sort_order: i }));
    server.use(...imageEditingHandlers({ store: createImageEditingStore(full) }));
    expect((await upload({ alt: 'One more', type: 'dark' }, new Blob([png()]))).body.error).toEqual({ code: 'carousel_full', message: IMAGE_ERROR_MESSAGES.carousel_full });
  });

  it('saves metadata over the version it names; a stale version is a 409 and changes nothing; delete removes the files', async () => {
    const store = createImageEditingStore();
    server.use(...imageEditingHandlers({ store }));
    const created = imageEditorRowSchema.parse((await upload({ alt: 'Mine', type: 'dark' }, new Blob([png()]))).body);
    const saved = await call(images.updateImage, { params: { id: created.id }, body: { alt: 'Mine, better', overlay: 0.7, version: 1 } });
    expect(saved.body).toMatchObject({ version: 2, metadata: { alt: 'Mine, better', overlay: 0.7, type: 'dark' } });
    const stale = await call(images.updateImage, { params: { id: created.id }, body: { alt: 'Late', version: 1 } });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'edit_conflict', message: IMAGE_ERROR_MESSAGES.edit_conflict } } });
    expect((await call(images.updateImage, { params: { id: created.id }, body: { version: 2 } })).status).toBe(400);
    expect((await call(images.deleteImage, { params: { id: created.id }, query: { version: '1' } })).status).toBe(409);
    expect((await call(images.deleteImage, { params: { id: created.id }, query: { version: '2' } })).body).toEqual({ deleted: true });
    expect(store.files.has(created.id)).toBe(false);
    expect((await call(images.updateImage, { params: { id: created.id }, body: { alt: 'Gone', version: 2 } })).status).toBe(404);
  });

  it('reorders a carousel only with exactly its rows', async () => {
    const store = createImageEditingStore();
    server.use(...imageEditingHandlers({ store }));
    const ids = store.carouselRows('home', 'hero').map((r) => r.id);
    const reversed = [...ids].reverse();
    const answer = await call(images.reorderImages, { params: { page: 'home', carousel_name: 'hero' }, body: { ids: reversed } });
    expect((answer.body.items as ImageEditorRow[]).map((r) => r.id)).toEqual(reversed);
    const mismatch = await call(images.reorderImages, { params: { page: 'home', carousel_name: 'hero' }, body: { ids: reversed.slice(1) } });
    expect(mismatch.body.error).toEqual({ code: 'image_order_mismatch', message: IMAGE_ERROR_MESSAGES.image_order_mismatch });
    expect(store.carouselRows('home', 'hero').map((r) => r.id)).toEqual(reversed);
  });

  it('the conflict world changes each row once just before the first write', async () => {
    const store = createImageEditingStore();
    server.use(...imageEditingHandlers({ store, conflictAlt: 'Theirs' }));
    const row = store.carouselRows('home', 'hero')[0];
    const first = await call(images.setImagePublished, { params: { id: row.id }, body: { published: false, version: 1 } });
    expect(first.body.error?.code).toBe('edit_conflict');
    expect(store.rows.find((r) => r.id === row.id)?.metadata.alt).toBe('Theirs');
    expect((await call(images.setImagePublished, { params: { id: row.id }, body: { published: false, version: 2 } })).body).toMatchObject({ published: false, version: 3 });
  });

  it('names its QA worlds: the upload failure answers storage_unavailable', async () => {
    const world = imageEditingScenarios.find((s) => s.id === 'content:image-upload-fails');
    server.use(...world!.handlers());
    expect((await upload({ alt: 'A photo', type: 'dark' }, new Blob([png()]))).body.error).toEqual({
      code: 'storage_unavailable',
      message: IMAGE_ERROR_MESSAGES.storage_unavailable,
    });
    server.resetHandlers(...imageEditingScenarios.find((s) => s.id === 'content:images-empty')!.handlers());
    expect(await editorRows()).toEqual([]);
  });
});
