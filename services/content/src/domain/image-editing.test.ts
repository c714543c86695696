import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageEditorRow } from '@croft/contracts';
import { createDiskBlobStore, manualClock, silentLogger, type BlobStore } from '@croft/service-kit';
import { createImageEditor, renditionKeys, uploadedFileId, type ImageEditorSource, type ImageUpload } from './image-editing';
import type { RenderedImage } from './image-rendering';

// The editor's rules around the files, with a fake renderer (no sharp: fast) and rows in memory;
// the real rendering is image-rendering.test.ts, the whole over HTTP image-editor-routes.test.ts.

const root = mkdtempSync(join(tmpdir(), 'content-image-editing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folder = 0;

const rendered: RenderedImage = {
  type: 'image/png',
  width: 1920,
  height: 1280,
  renditions: IMAGE_WIDTHS.flatMap((width) =>
    IMAGE_FORMATS.map((format) => ({ width, format, contentType: `image/${format}`, data: Buffer.from(`${width}.${format}`), height: (width * 2) / 3 })),
  ),
};

function memorySource(): ImageEditorSource & { rows: ImageEditorRow[] } {
  const rows: ImageEditorRow[] = [];
  let next = 1;
  return {
    rows,
    pageRows: async (page) => rows.filter((r) => r.page === page),
    carouselRows: async (page, carousel) => rows.filter((r) => r.page === page && r.carousel_name === carousel),
    row: async (id) => rows.find((r) => r.id === id) ?? null,
    count: async (page, carousel) => rows.filter((r) => r.page === page && r.carousel_name === carousel).length,
    lastSortOrder: async (page, carousel) => rows.filter((r) => r.page === page && r.carousel_name === carousel).at(-1)?.sort_order ?? null,
    async insert(row, now) {
      const saved: ImageEditorRow = { ...row, id: String(next++).padStart(24, '0'), published: false, version: 1, uploaded: true, updated_at: now.toISOString() };
      rows.push(saved);
      return saved;
    },
    async update() {
      throw new Error('not used');
    },
    async remove(id, version) {
      const index = rows.findIndex((r) => r.id === id && r.version === version);
      return index < 0 ? null : rows.splice(index, 1)[0];
    },
    async setOrder() {
      return 0;
    },
  };
}

function setup(options: { blobs?: (disk: BlobStore) => BlobStore; source?: ImageEditorSource } = {}) {
  const disk = createDiskBlobStore({ root: join(root, String(folder++)) });
  const blobs = options.blobs ? options.blobs(disk) : disk;
  const source = options.source ?? memorySource();
  const audit = { record: vi.fn(async () => undefined) };
  const logger = silentLogger();
  const logged = vi.spyOn(logger, 'error');
  const changed: string[] = [];
  const editor = createImageEditor({
    source,
    blobs,
    audit,
    clock: manualClock('2030-07-01T09:00:00Z'),
    logger,
    onChange: (page, carousel) => changed.push(`${page}/${carousel}`),
    newFileId: () => 'a1'.repeat(12),
    render: async () => rendered,
  });
  /** How many of the upload's 8 keys are in the store. */
  const present = async () => (await Promise.all(renditionKeys('a1'.repeat(12)).map((key) => disk.head(key)))).filter(Boolean).length;
  return { editor, disk, source, audit, logged, changed, present };
}

const input: ImageUpload = { page: 'home', carousel_name: 'hero', file: Buffer.from('bytes'), metadata: { alt: 'The bar', type: 'warm' } };
const actor = { id: 'user-ann', email: 'ann@croftcommon.test' };

describe('uploads and the BlobStore: nothing left behind', () => {
  it('stores the 8 renditions under an unguessable file id, then the row (unpublished, at the end, cover/center by default)', async () => {
    const { editor, present, audit, changed } = setup();
    const result = await editor.upload(input, actor);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(uploadedFileId(result.row.image_url)).toBe('a1'.repeat(12));
    expect(result.row).toMatchObject({
      published: false,
      sort_order: 10,
      width: 1920,
      height: 1280,
      updated_by: actor.email,
      metadata: { alt: 'The bar', type: 'warm', backgroundSize: 'cover', backgroundPosition: 'center' },
    });
    expect(await present()).toBe(8);
    expect(changed).toEqual(['home/hero']);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'image.uploaded', target: `images/home/hero/${result.row.id}` }));
  });

  it('a store failure part-way deletes every file of the upload (written ones too) and adds no row', async () => {
    let puts = 0;
    const { editor, present, source, logged } = setup({
      blobs: (disk) => ({ ...disk, put: async (...args) => (++puts === 6 ? Promise.reject(new Error('disk full')) : disk.put(...args)) }),
    });
    expect(await editor.upload(input, actor)).toEqual({ ok: false, reason: 'storage_unavailable' });
    expect(await present()).toBe(0);
    expect(await source.count('home', 'hero')).toBe(0);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ fileId: 'a1'.repeat(12) }), 'an uploaded image could not be stored');
  });

  it('a row that cannot be inserted takes its files with it, and the error goes on (500)', async () => {
    const source = memorySource();
    source.insert = async () => Promise.reject(new Error('write concern failed'));
    const { editor, present } = setup({ source });
    await expect(editor.upload(input, actor)).rejects.toThrow('write concern failed');
    expect(await present()).toBe(0);
  });

  it('a carousel that filled up while the image was rendered: carousel_full, files removed', async () => {
    const source = memorySource();
    const counts = [0, 30];
    source.count = async () => counts.shift() ?? 30;
    const { editor, present } = setup({ source });
    expect(await editor.upload(input, actor)).toEqual({ ok: false, reason: 'carousel_full' });
    expect(await present()).toBe(0);
  });

  it('deleting a row removes its files after the row; a file that cannot be deleted is logged, the delete still succeeds', async () => {
    let failDeletes = false;
    const { editor, present, logged, source } = setup({
      blobs: (disk) => ({ ...disk, delete: async (key) => (failDeletes ? Promise.reject(new Error('io error')) : disk.delete(key)) }),
    });
    const first = await editor.upload(input, actor);
    if (!first.ok) throw new Error('upload failed');
    expect(await editor.remove(first.row.id, 1, actor)).toEqual({ ok: true });
    expect(await present()).toBe(0);

    const second = await editor.upload(input, actor);
    if (!second.ok) throw new Error('upload failed');
    failDeletes = true;
    expect(await editor.remove(second.row.id, 1, actor)).toEqual({ ok: true });
    expect(await source.row(second.row.id)).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ keys: renditionKeys('a1'.repeat(12)) }), expect.stringContaining('could not be deleted'));
  });

  it('without a BlobStore an upload is storage_unavailable; no file is no upload', async () => {
    const editor = createImageEditor({
      source: memorySource(),
      audit: { record: async () => undefined },
      clock: manualClock('2030-07-01T09:00:00Z'),
      logger: silentLogger(),
      onChange: () => undefined,
    });
    expect(await editor.upload(input, actor)).toEqual({ ok: false, reason: 'storage_unavailable' });
    expect(await editor.upload({ ...input, file: undefined }, actor)).toEqual({ ok: false, reason: 'image_file_missing' });
  });
});
