// MSW handlers, factories and scenarios for the image editor (contentImageEditingEndpoints), with
// the service's rules over an in-memory store seeded from the imagery catalogue: home's hero
// carousel and every page's background carousel. The same store answers the visitors' GET /images
// (published rows only, in order) and serves the bytes of uploaded images at their rendition URLs
// (the same bytes for every width and format: enough for a preview), so an image uploaded and
// published in the editor shows on the page.
import { delay } from 'msw';
import {
  BACKGROUND_CAROUSEL,
  BACKGROUND_SETS,
  CAROUSEL_IMAGE_MAX,
  HERO_CAROUSEL,
  IMAGE_ASPECT,
  IMAGE_BASE_PATH,
  IMAGE_ERROR_MESSAGES,
  IMAGE_SNIFF_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_PIXELS,
  IMAGE_UPLOAD_MIN_WIDTH,
  PAGE_KEYS,
  UPLOAD_FILE_FIELD,
  contentEndpoints as content,
  contentImageEditingEndpoints as imageEditing,
  getUploadedImageEndpoint,
  sniffImageType,
  uploadedImageUrl,
  type Actor,
  type AuditEvent,
  type CmsImageMetadata,
  type ImageEditorRow,
  type PageKey,
  type UploadImageType,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError, type MockFailure } from '../endpoint';
import type { Scenario } from '../scenario';
import { MOCK_EDITOR, MOCK_OTHER_EDITOR } from './editing';

export type ImageEditingEndpoint = keyof typeof imageEditing | 'getUploadedImage';

const SEEDED_AT = '2025-01-01T00:00:00.000Z';

/** A 24-hex id like the service's (the contract's params accept nothing else). */
export const mockImageId = (n: number) => n.toString(16).padStart(24, 'e');

let rowIds = 0x10000;

/** One image row as editors see it (parses with imageEditorRowSchema); override any field. */
export function buildImageEditorRow(overrides: Partial<ImageEditorRow> = {}): ImageEditorRow {
  return {
    id: mockImageId(++rowIds),
    page: 'home',
    carousel_name: HERO_CAROUSEL,
    published: true,
    sort_order: 10,
    image_url: `${IMAGE_BASE_PATH}/home-1`,
    metadata: { type: 'dark', overlay: 0.35, backgroundPosition: 'center', backgroundSize: 'cover', alt: BACKGROUND_SETS.home[0].alt },
    version: 1,
    uploaded: false,
    updated_at: SEEDED_AT,
    ...overrides,
  };
}

/** The alt text of the seeded draft on home's background carousel. */
export const MOCK_DRAFT_IMAGE_ALT = 'Draft: the section colours overlapping, tried behind the home page text';

/**
 * The catalogue as the seeded service has it: home's hero carousel and every page's background
 * carousel, published, in catalogue order; plus one draft at the end of home's background.
 */
export function buildImageEditorFixtures(): ImageEditorRow[] {
  let n = 0;
  const carousel = (page: PageKey, name: string) =>
    BACKGROUND_SETS[page].map((image, index) =>
      buildImageEditorRow({
        id: mockImageId(++n),
        page,
        carousel_name: name,
        sort_order: (index + 1) * 10,
        image_url: `${IMAGE_BASE_PATH}/${image.id}`,
        metadata: {
          type: image.tone,
          ...(image.overlay !== undefined ? { overlay: image.overlay } : {}),
          backgroundPosition: image.position ?? 'center',
          backgroundSize: image.size ?? 'cover',
          alt: image.alt,
        },
      }),
    );
  const rows = [...carousel('home', HERO_CAROUSEL), ...PAGE_KEYS.flatMap((page) => carousel(page, BACKGROUND_CAROUSEL))];
  rows.push(
    buildImageEditorRow({
      id: mockImageId(++n),
      page: 'home',
      carousel_name: BACKGROUND_CAROUSEL,
      published: false,
      sort_order: (BACKGROUND_SETS.home.length + 1) * 10,
      image_url: `${IMAGE_BASE_PATH}/home-3`,
      metadata: { type: 'mixed', overlay: 0.6, backgroundPosition: 'center bottom', backgroundSize: 'cover', alt: MOCK_DRAFT_IMAGE_ALT },
    }),
  );
  return rows;
}

export interface StoredImageFile {
  bytes: Uint8Array;
  type: UploadImageType;
}

/** The image editing state in memory, with the service's rules (version guards, exact reorders). */
export interface ImageEditingStore {
  rows: ImageEditorRow[];
  /** Uploaded images' bytes by row id. */
  files: Map<string, StoredImageFile>;
  audit: AuditEvent[];
  /** One carousel's rows in order. */
  carouselRows(page: PageKey, carousel: string): ImageEditorRow[];
  /** A page's rows by carousel (hero first), then order. */
  pageRows(page: PageKey): ImageEditorRow[];
  /** A change to a row (someone else's in the conflict world): bumps its version. */
  touch(id: string, change: { metadata?: Partial<CmsImageMetadata>; published?: boolean }, by?: Actor): void;
}

const carouselRank = (name: string) => (name === HERO_CAROUSEL ? 0 : name === BACKGROUND_CAROUSEL ? 1 : 2);

export function createImageEditingStore(seed: ImageEditorRow[] = buildImageEditorFixtures()): ImageEditingStore {
  const byOrder = (a: ImageEditorRow, b: ImageEditorRow) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : 1);
  const store: ImageEditingStore = {
    rows: seed.map((r) => ({ ...r, metadata: { ...r.metadata } })),
    files: new Map(),
    audit: [],
    carouselRows(page, carousel) {
      return store.rows.filter((r) => r.page === page && r.carousel_name === carousel).sort(byOrder);
    },
    pageRows(page) {
      return store.rows
        .filter((r) => r.page === page)
        .sort((a, b) => carouselRank(a.carousel_name) - carouselRank(b.carousel_name) || a.carousel_name.localeCompare(b.carousel_name) || byOrder(a, b));
    },
    touch(id, change, by) {
      const row = store.rows.find((r) => r.id === id);
      if (!row) return;
      if (change.metadata) row.metadata = { ...row.metadata, ...change.metadata };
      if (change.published !== undefined) row.published = change.published;
      row.version += 1;
      row.updated_at = new Date().toISOString();
      if (by) row.updated_by = by.email;
    },
  };
  return store;
}

/** Every page with no image at all (the editor's empty state). */
export function emptyImageEditingStore(): ImageEditingStore {
  return createImageEditingStore([]);
}

export interface ImageEditingMockOptions {
  /** The state to answer from (shared, e.g. to inspect it in a test); a fresh one by default. */
  store?: ImageEditingStore;
  /** Every editing call is refused as signed out (401 not_authenticated). */
  signedOut?: boolean;
  /** Every image editing endpoint fails with this status (the server-error envelope). */
  failWith?: number;
  /** Only these endpoints fail: a status (server-error envelope) or a whole failure. */
  failures?: Partial<Record<ImageEditingEndpoint, number | MockFailure>>;
  /**
   * The conflict world: just before the editor's first write to each row, MOCK_OTHER_EDITOR changes
   * it (its alt text becomes this), so that write is a 409 and, after a reload, the next one works.
   */
  conflictAlt?: string;
  /** The editor's list waits this long (ms) before answering ('infinite': never). */
  delayMs?: number | 'infinite';
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const STATUS: Record<keyof typeof IMAGE_ERROR_MESSAGES, number> = {
  edit_conflict: 409,
  image_not_found: 404,
  image_order_mismatch: 409,
  image_file_missing: 400,
  image_type_unsupported: 415,
  image_too_large: 413,
  image_dimensions: 422,
  image_unreadable: 422,
  carousel_full: 409,
  storage_unavailable: 503,
};
/** One of the image editor's named errors, with its status and the contract's words. */
export const imageFailure = (code: keyof typeof IMAGE_ERROR_MESSAGES): MockFailure => ({ status: STATUS[code], code, message: IMAGE_ERROR_MESSAGES[code] });

let auditIds = 0;
function auditEvent(actor: Actor, action: string, target: string, detail: string): AuditEvent {
  return { id: `image-audit-${++auditIds}`, at: new Date().toISOString(), service: 'content', actor, action, target, detail };
}

/** A PNG's pixel size from its IHDR chunk (null for any other file). */
function pngSize(head: Uint8Array): { width: number; height: number } | null {
  if (sniffImageType(head) !== 'image/png' || head.length < 24) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const MEDIA_FILE = /^([0-9a-f]{24})-\d+\.(avif|webp)$/;

/**
 * The image editor's endpoints as MSW answers them (and the visitors' GET /images and the uploaded
 * images' files from the same store): every editing call needs a bearer token; writes follow the
 * service's rules. An upload is checked as the service checks it, by its bytes: JPEG, PNG, WebP or
 * AVIF (else 415), at most IMAGE_UPLOAD_MAX_BYTES (else 413), a PNG at least
 * IMAGE_UPLOAD_MIN_WIDTH wide (else 422; other types' sizes are not read here), alt text required.
 */
export function imageEditingHandlers(options: ImageEditingMockOptions = {}) {
  const store = options.store ?? createImageEditingStore();
  const conflicted = new Set<string>();

  function failing(endpoint: ImageEditingEndpoint): Response | undefined {
    const failure = options.failures?.[endpoint] ?? options.failWith;
    if (failure === undefined) return undefined;
    return mockError(typeof failure === 'number' ? { ...SERVER_ERROR, status: failure } : failure);
  }

  function refuse(endpoint: ImageEditingEndpoint, request: Request): Response | undefined {
    if (options.signedOut || !request.headers.get('authorization')?.startsWith('Bearer ')) return mockError(NOT_SIGNED_IN);
    return failing(endpoint);
  }

  /** The row at `version`, or the failure (after the conflict world's change, when on). */
  function guarded(id: string, version: number): ImageEditorRow | Response {
    if (options.conflictAlt !== undefined && !conflicted.has(id)) {
      conflicted.add(id);
      store.touch(id, { metadata: { alt: options.conflictAlt } }, MOCK_OTHER_EDITOR);
    }
    const row = store.rows.find((r) => r.id === id);
    if (!row) return mockError(imageFailure('image_not_found'));
    if (row.version !== version) return mockError(imageFailure('edit_conflict'));
    return row;
  }

  const target = (row: ImageEditorRow) => `images/${row.page}/${row.carousel_name}/${row.id}`;
  const named = (row: ImageEditorRow) => `“${row.metadata.alt ?? row.image_url}”`;
  const record = (action: string, tgt: string, detail: string) => store.audit.unshift(auditEvent(MOCK_EDITOR, action, tgt, detail));
  const copy = (row: ImageEditorRow): ImageEditorRow => ({ ...row, metadata: { ...row.metadata } });

  return [
    mockEndpoint(content.listCarouselImages, ({ query }) => ({
      items: store
        .carouselRows(query.page, query.carousel_name)
        .filter((r) => r.published)
        .map(({ id, page, carousel_name, published, sort_order, image_url, metadata }) => ({ id, page, carousel_name, published, sort_order, image_url, metadata })),
    })),
    mockEndpoint(getUploadedImageEndpoint, ({ params }) => {
      const refused = failing('getUploadedImage');
      if (refused) return refused;
      const id = MEDIA_FILE.exec(params.file)?.[1];
      const file = id ? store.files.get(id) : undefined;
      if (!file) return mockError({ status: 404, code: 'not_found', message: 'No such image.' });
      return new Response(file.bytes.slice(), {
        headers: { 'content-type': file.type, 'cache-control': 'public, max-age=31536000, immutable' },
      });
    }),
    mockEndpoint(imageEditing.listImageEditorRows, async ({ params, request }) => {
      if (options.delayMs !== undefined) await delay(options.delayMs);
      return refuse('listImageEditorRows', request) ?? { items: store.pageRows(params.page).map(copy) };
    }),
    mockEndpoint(imageEditing.uploadImage, async ({ params, body, files, request }) => {
      const refused = refuse('uploadImage', request);
      if (refused) return refused;
      const file = files[UPLOAD_FILE_FIELD];
      if (!file || file.size === 0) return mockError(imageFailure('image_file_missing'));
      if (file.size > IMAGE_UPLOAD_MAX_BYTES) return mockError(imageFailure('image_too_large'));
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
      if (!type) return mockError(imageFailure('image_type_unsupported'));
      const size = pngSize(bytes.subarray(0, IMAGE_SNIFF_BYTES));
      if (size && (size.width < IMAGE_UPLOAD_MIN_WIDTH || size.width * size.height > IMAGE_UPLOAD_MAX_PIXELS)) {
        return mockError(imageFailure('image_dimensions'));
      }
      const rows = store.carouselRows(params.page, params.carousel_name);
      if (rows.length >= CAROUSEL_IMAGE_MAX) return mockError(imageFailure('carousel_full'));
      const id = mockImageId(++rowIds);
      const row = buildImageEditorRow({
        id,
        page: params.page,
        carousel_name: params.carousel_name,
        published: false,
        sort_order: (rows.at(-1)?.sort_order ?? 0) + 10,
        image_url: uploadedImageUrl(id),
        uploaded: true,
        // The largest rendition: at most the site's widest, never larger than the original.
        width: size ? Math.min(size.width, IMAGE_ASPECT.width) : IMAGE_ASPECT.width,
        height: size ? Math.round((size.height * Math.min(size.width, IMAGE_ASPECT.width)) / size.width) : IMAGE_ASPECT.height,
        metadata: {
          type: body.type,
          alt: body.alt,
          ...(body.overlay !== undefined ? { overlay: Number(body.overlay) } : {}),
          backgroundPosition: body.backgroundPosition ?? 'center',
          backgroundSize: body.backgroundSize ?? 'cover',
        },
        updated_at: new Date().toISOString(),
        updated_by: MOCK_EDITOR.email,
      });
      store.rows.push(row);
      store.files.set(id, { bytes, type });
      record('image.uploaded', target(row), `${named(row)} uploaded as a draft`);
      return copy(row);
    }),
    mockEndpoint(imageEditing.updateImage, ({ params, body, request }) => {
      const refused = refuse('updateImage', request);
      if (refused) return refused;
      const row = guarded(params.id, body.version);
      if (row instanceof Response) return row;
      const { alt, type, overlay, backgroundPosition, backgroundSize } = body;
      const metadata = Object.fromEntries(Object.entries({ alt, type, overlay, backgroundPosition, backgroundSize }).filter(([, v]) => v !== undefined));
      store.touch(row.id, { metadata }, MOCK_EDITOR);
      record('image.updated', target(row), `${named(row)}: version ${row.version}`);
      return copy(row);
    }),
    mockEndpoint(imageEditing.setImagePublished, ({ params, body, request }) => {
      const refused = refuse('setImagePublished', request);
      if (refused) return refused;
      const row = guarded(params.id, body.version);
      if (row instanceof Response) return row;
      store.touch(row.id, { published: body.published }, MOCK_EDITOR);
      record(body.published ? 'image.published' : 'image.unpublished', target(row), `${named(row)} ${body.published ? 'published' : 'unpublished'}`);
      return copy(row);
    }),
    mockEndpoint(imageEditing.deleteImage, ({ params, query, request }) => {
      const refused = refuse('deleteImage', request);
      if (refused) return refused;
      const row = guarded(params.id, Number(query.version));
      if (row instanceof Response) return row;
      store.rows = store.rows.filter((r) => r.id !== row.id);
      store.files.delete(row.id);
      record('image.deleted', target(row), `${named(row)} deleted`);
      return { deleted: true as const };
    }),
    mockEndpoint(imageEditing.reorderImages, ({ params, body, request }) => {
      const refused = refuse('reorderImages', request);
      if (refused) return refused;
      const rows = store.carouselRows(params.page, params.carousel_name);
      const known = new Set(rows.map((r) => r.id));
      if (body.ids.length !== rows.length || !body.ids.every((id) => known.has(id))) return mockError(imageFailure('image_order_mismatch'));
      body.ids.forEach((id, index) => {
        const row = store.rows.find((r) => r.id === id);
        if (row) row.sort_order = (index + 1) * 10;
      });
      record('image.reordered', `images/${params.page}/${params.carousel_name}`, `${body.ids.length} images reordered`);
      return { items: store.carouselRows(params.page, params.carousel_name).map(copy) };
    }),
  ];
}

/** The image editor's named worlds (registered beside contentScenarios). Each is a fresh in-memory store. */
export const imageEditingScenarios: Scenario[] = [
  { id: 'content:image-editing', label: 'Images: upload, publish, reorder the carousels (in-memory)', handlers: () => imageEditingHandlers() },
  {
    id: 'content:image-edit-conflict',
    label: `Images: ${MOCK_OTHER_EDITOR.email} changes each image just before you (409, then reload)`,
    handlers: () => imageEditingHandlers({ conflictAlt: `Changed meanwhile by ${MOCK_OTHER_EDITOR.email}` }),
  },
  { id: 'content:images-empty', label: 'Images: no image in any carousel yet', handlers: () => imageEditingHandlers({ store: emptyImageEditingStore() }) },
  {
    id: 'content:image-upload-fails',
    label: 'Images: uploads fail (503 storage_unavailable)',
    handlers: () => imageEditingHandlers({ failures: { uploadImage: imageFailure('storage_unavailable') } }),
  },
  {
    id: 'content:image-save-fails',
    label: 'Images: every change fails (500)',
    handlers: () =>
      imageEditingHandlers({
        failures: { uploadImage: 500, updateImage: 500, setImagePublished: 500, deleteImage: 500, reorderImages: 500 },
      }),
  },
];
