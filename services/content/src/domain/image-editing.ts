import { randomBytes } from 'node:crypto';
import {
  CAROUSEL_IMAGE_MAX,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  UPLOADED_IMAGE_BASE_PATH,
  uploadedImageUrl,
  type Actor,
  type CmsImageMetadata,
  type ImageEditorRow,
  type ImagePosition,
  type ImageTone,
  type PageKey,
} from '@croft/contracts';
import type { BlobStore, Clock, Logger } from '@croft/service-kit';
import { renderUpload, type ImageRefusal, type RenderedImage } from './image-rendering';
import type { AuditRecorder } from './text-editing';

/**
 * Editing carousel and background images (issue 11; the model is described in libs/contracts
 * image-editing.ts): upload (rendered, stored in the BlobStore, then a new unpublished row at the
 * end of its carousel), change the metadata, publish or unpublish, delete (the row, then its
 * files), reorder a carousel by naming all of its rows. Every row write names the version the
 * editor started from and is guarded on it; every change is audit-logged and clears the visitors'
 * cached carousel. No Express here: outcomes are values, and the HTTP layer maps them to statuses.
 */

/** The BlobStore folder of uploaded images: `cms-images/<file id>-<width>.<format>`. */
export const CMS_IMAGE_BLOB_PREFIX = 'cms-images';
/** Uploaded renditions never change (a new upload is a new file id). */
export const UPLOADED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The blob key of one rendition file (`<file id>-<width>.<format>`, as mediaParamsSchema allows). */
export const renditionKey = (file: string) => `${CMS_IMAGE_BLOB_PREFIX}/${file}`;

/** Every rendition key of an uploaded image's file id. */
export function renditionKeys(fileId: string): string[] {
  return IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => renditionKey(`${fileId}-${width}.${format}`)));
}

const UPLOADED_URL = new RegExp(`^${UPLOADED_IMAGE_BASE_PATH.replace(/[/]/g, '\\/')}\\/([0-9a-f]{24})$`);

/** The file id in an uploaded row's image_url, or null for catalogue artwork. */
export function uploadedFileId(imageUrl: string): string | null {
  return UPLOADED_URL.exec(imageUrl)?.[1] ?? null;
}

/** A file id nobody can guess (96 random bits; unlike an ObjectId, no time or counter in it). */
export const randomFileId = () => randomBytes(12).toString('hex');

/** What a metadata change may set. */
export interface ImageMetadataChange {
  alt?: string;
  type?: ImageTone;
  overlay?: number;
  backgroundPosition?: ImagePosition;
  backgroundSize?: 'cover' | 'contain';
}

export interface ImageRowChange {
  metadata?: ImageMetadataChange;
  published?: boolean;
}

export interface NewImageRow {
  page: PageKey;
  carousel_name: string;
  sort_order: number;
  image_url: string;
  metadata: CmsImageMetadata;
  width: number;
  height: number;
  updated_by?: string;
}

/** Where rows are kept (data/image-store.ts). */
export interface ImageEditorSource {
  /** Every row of the page's carousels, by carousel then display order. */
  pageRows(page: PageKey): Promise<ImageEditorRow[]>;
  carouselRows(page: PageKey, carouselName: string): Promise<ImageEditorRow[]>;
  row(id: string): Promise<ImageEditorRow | null>;
  count(page: PageKey, carouselName: string): Promise<number>;
  lastSortOrder(page: PageKey, carouselName: string): Promise<number | null>;
  /** Inserts an uploaded row, unpublished, at version 1. */
  insert(row: NewImageRow, now: Date): Promise<ImageEditorRow>;
  /** Applies `change` when the row is at `version` (then at version + 1); null when it is not (or gone). */
  update(id: string, version: number, change: ImageRowChange, now: Date, by: string | undefined): Promise<ImageEditorRow | null>;
  /** Deletes the row when it is at `version`: the deleted row, or null. */
  remove(id: string, version: number): Promise<ImageEditorRow | null>;
  /** Sets sort_order 10, 20, 30 … in the order of `ids` (rows of that carousel only); how many matched. */
  setOrder(page: PageKey, carouselName: string, ids: readonly string[]): Promise<number>;
}

export type ImageRowFailure = 'image_not_found' | 'edit_conflict';
export type ImageUploadFailure = ImageRefusal | 'carousel_full' | 'storage_unavailable';
export type ImageWriteOutcome = { ok: true; row: ImageEditorRow } | { ok: false; reason: ImageRowFailure };
export type ImageUploadOutcome = { ok: true; row: ImageEditorRow } | { ok: false; reason: ImageUploadFailure };
export type ImageReorderOutcome = { ok: true; rows: ImageEditorRow[] } | { ok: false; reason: 'image_order_mismatch' };

export interface ImageUpload {
  page: PageKey;
  carousel_name: string;
  /** The file's bytes (undefined: none was sent). */
  file: Buffer | undefined;
  metadata: { alt: string; type: ImageTone; overlay?: number; backgroundPosition?: ImagePosition; backgroundSize?: 'cover' | 'contain' };
}

export interface ImageEditor {
  rows(page: PageKey): Promise<ImageEditorRow[]>;
  upload(input: ImageUpload, actor: Actor): Promise<ImageUploadOutcome>;
  update(id: string, version: number, change: ImageMetadataChange, actor: Actor): Promise<ImageWriteOutcome>;
  setPublished(id: string, version: number, published: boolean, actor: Actor): Promise<ImageWriteOutcome>;
  remove(id: string, version: number, actor: Actor): Promise<{ ok: true } | { ok: false; reason: ImageRowFailure }>;
  reorder(page: PageKey, carouselName: string, ids: readonly string[], actor: Actor): Promise<ImageReorderOutcome>;
}

/** 'images/<page>/<carousel>/<id>': the audit target of a row. */
export function imageTarget(row: Pick<ImageEditorRow, 'page' | 'carousel_name' | 'id'>): string {
  return `images/${row.page}/${row.carousel_name}/${row.id}`;
}

const quoted = (text: string | undefined) => (text === undefined ? '(none)' : text.length > 60 ? `“${text.slice(0, 59)}…”` : `“${text}”`);

/** 'alt “a” → “b”; overlay 0.3 → 0.5' for the fields that changed. */
function describeChange(before: CmsImageMetadata | undefined, after: CmsImageMetadata): string {
  const keys: (keyof CmsImageMetadata)[] = ['alt', 'type', 'overlay', 'backgroundPosition', 'backgroundSize'];
  const show = (key: keyof CmsImageMetadata, value: unknown) => (key === 'alt' ? quoted(value as string | undefined) : value === undefined ? '(none)' : String(value));
  const changed = keys.filter((key) => before?.[key] !== after[key]).map((key) => `${key} ${show(key, before?.[key])} → ${show(key, after[key])}`);
  return changed.length > 0 ? changed.join('; ') : 'saved unchanged';
}

export function createImageEditor(options: {
  source: ImageEditorSource;
  /** Where renditions are stored; without one, uploads answer storage_unavailable. */
  blobs?: BlobStore;
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
  /** After every change of a carousel's rows: drop the visitors' cached carousel. */
  onChange(page: PageKey, carouselName: string): void;
  /** Default randomFileId. */
  newFileId?: () => string;
  /** Default renderUpload. */
  render?: (input: Buffer | undefined) => Promise<RenderedImage | { refused: ImageRefusal }>;
}): ImageEditor {
  const { source, blobs, audit, clock, logger } = options;
  const newFileId = options.newFileId ?? randomFileId;
  const render = options.render ?? renderUpload;

  /** Deletes files, never throwing: what cannot be deleted is logged (an orphan, unreachable from any row). */
  async function deleteFiles(keys: readonly string[], why: string): Promise<void> {
    if (!blobs || keys.length === 0) return;
    const results = await Promise.allSettled(keys.map((key) => blobs.delete(key)));
    const failed = keys.filter((_, i) => results[i].status === 'rejected');
    if (failed.length > 0) {
      const err = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as unknown;
      logger.error({ err, keys: failed }, `image files could not be deleted (${why})`);
    }
  }

  /** Why a guarded write to `id` matched nothing: the row is gone, or it moved on. */
  async function missed(id: string): Promise<ImageRowFailure> {
    return (await source.row(id)) ? 'edit_conflict' : 'image_not_found';
  }

  async function write(id: string, version: number, change: ImageRowChange, actor: Actor): Promise<ImageWriteOutcome> {
    const row = await source.update(id, version, change, clock.now(), actor.email);
    if (!row) return { ok: false, reason: await missed(id) };
    options.onChange(row.page, row.carousel_name);
    return { ok: true, row };
  }

  return {
    rows: (page) => source.pageRows(page),

    async upload(input, actor) {
      if (!input.file || input.file.length === 0) return { ok: false, reason: 'image_file_missing' };
      const full = async () => (await source.count(input.page, input.carousel_name)) >= CAROUSEL_IMAGE_MAX;
      // Before the work of rendering, and again before the row goes in (rendering takes a while).
      if (await full()) return { ok: false, reason: 'carousel_full' };
      if (!blobs) return { ok: false, reason: 'storage_unavailable' };
      const rendered = await render(input.file);
      if ('refused' in rendered) return { ok: false, reason: rendered.refused };

      const fileId = newFileId();
      const files = rendered.renditions.map((r) => ({ key: renditionKey(`${fileId}-${r.width}.${r.format}`), rendition: r }));
      const stored = await Promise.allSettled(
        files.map(({ key, rendition }) =>
          blobs.put(key, rendition.data, { contentType: rendition.contentType, cacheControl: UPLOADED_IMAGE_CACHE_CONTROL, ifNoneMatch: '*' }),
        ),
      );
      const keys = files.map((f) => f.key);
      const failure = stored.find((r) => r.status === 'rejected');
      if (failure) {
        logger.error({ err: failure.reason as unknown, fileId }, 'an uploaded image could not be stored');
        // Every key, not only the ones that said they were written: a put may fail after writing.
        // Only this upload's keys: the file id is new, and ifNoneMatch kept anything else intact.
        await deleteFiles(keys, 'storage failed during upload');
        return { ok: false, reason: 'storage_unavailable' };
      }

      let row: ImageEditorRow;
      try {
        if (await full()) {
          await deleteFiles(keys, 'carousel filled during upload');
          return { ok: false, reason: 'carousel_full' };
        }
        const last = await source.lastSortOrder(input.page, input.carousel_name);
        const meta: CmsImageMetadata = {
          type: input.metadata.type,
          alt: input.metadata.alt,
          backgroundPosition: input.metadata.backgroundPosition ?? 'center',
          backgroundSize: input.metadata.backgroundSize ?? 'cover',
        };
        if (input.metadata.overlay !== undefined) meta.overlay = input.metadata.overlay;
        row = await source.insert(
          {
            page: input.page,
            carousel_name: input.carousel_name,
            sort_order: (last ?? 0) + 10,
            image_url: uploadedImageUrl(fileId),
            metadata: meta,
            width: rendered.width,
            height: rendered.height,
            ...(actor.email ? { updated_by: actor.email } : {}),
          },
          clock.now(),
        );
      } catch (error) {
        await deleteFiles(keys, 'the row could not be saved');
        throw error;
      }
      options.onChange(row.page, row.carousel_name);
      await audit.record({
        actor,
        action: 'image.uploaded',
        target: imageTarget(row),
        detail: `${quoted(row.metadata.alt)} uploaded as a draft (${rendered.type.slice(6).toUpperCase()}, ${rendered.width}×${rendered.height}, file ${fileId})`,
      });
      return { ok: true, row };
    },

    async update(id, version, change, actor) {
      const before = await source.row(id);
      const result = await write(id, version, { metadata: change }, actor);
      if (result.ok) {
        await audit.record({
          actor,
          action: 'image.updated',
          target: imageTarget(result.row),
          detail: `${quoted(result.row.metadata.alt)}: ${describeChange(before?.metadata, result.row.metadata)}, version ${result.row.version}${result.row.published ? ' (live)' : ''}`,
        });
      }
      return result;
    },

    async setPublished(id, version, published, actor) {
      const result = await write(id, version, { published }, actor);
      if (result.ok) {
        await audit.record({
          actor,
          action: published ? 'image.published' : 'image.unpublished',
          target: imageTarget(result.row),
          detail: `${quoted(result.row.metadata.alt)} ${published ? 'published' : 'unpublished'}, version ${result.row.version}`,
        });
      }
      return result;
    },

    async remove(id, version, actor) {
      const row = await source.remove(id, version);
      if (!row) return { ok: false, reason: await missed(id) };
      options.onChange(row.page, row.carousel_name);
      // The row is gone first, so no visitor's list names a file that is being deleted.
      const fileId = row.uploaded ? uploadedFileId(row.image_url) : null;
      if (fileId) await deleteFiles(renditionKeys(fileId), 'image deleted');
      await audit.record({
        actor,
        action: 'image.deleted',
        target: imageTarget(row),
        detail: `${quoted(row.metadata.alt)} deleted (it was ${row.published ? 'published' : 'a draft'}; ${fileId ? `uploaded, file ${fileId} removed` : `catalogue image ${row.image_url}`})`,
      });
      return { ok: true };
    },

    async reorder(page, carouselName, ids, actor) {
      const current = await source.carouselRows(page, carouselName);
      const known = new Set(current.map((r) => r.id));
      if (ids.length !== current.length || !ids.every((id) => known.has(id))) return { ok: false, reason: 'image_order_mismatch' };
      const matched = await source.setOrder(page, carouselName, ids);
      options.onChange(page, carouselName);
      const position = new Map(current.map((r, i) => [r.id, i + 1]));
      await audit.record({
        actor,
        action: 'image.reordered',
        target: `images/${page}/${carouselName}`,
        detail: `${ids.length} images reordered; previous positions in the new order: ${ids.map((id) => position.get(id)).join(', ')}`,
      });
      // A row deleted meanwhile: the others moved; the editor reloads to see the list as it is.
      if (matched !== ids.length) return { ok: false, reason: 'image_order_mismatch' };
      return { ok: true, rows: await source.carouselRows(page, carouselName) };
    },
  };
}
