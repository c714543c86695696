import * as z from 'zod/mini';
import { carouselNameSchema, cmsImageRowSchema } from './cms';
import { PAGE_KEYS } from './constants';
import { IMAGE_TONES } from './imagery';

// ---------------------------------------------------------------------------------------------
// Editing carousel and background images (spec 001 §3 cms_images, §7; issue 11, /cms/images/{page}),
// for role editor or admin. Visitors keep reading the published rows of one carousel through
// GET /images (content.ts); editors see every row of a page's carousels, drafts included.
//
// The model: an upload (multipart/form-data: the file under UPLOAD_FILE_FIELD, the text fields of
// uploadImageFieldsSchema beside it) is checked by its bytes, not its name or declared type
// (JPEG, PNG, WebP or AVIF only, at most IMAGE_UPLOAD_MAX_BYTES, at most IMAGE_UPLOAD_MAX_PIXELS),
// then rendered by sharp at every site width (IMAGE_WIDTHS) as AVIF and WebP with the metadata
// (EXIF, GPS, ICC comments) stripped, stored in the BlobStore and served at
// `${UPLOADED_IMAGE_BASE_PATH}/<id>-<width>.<format>` (immutable: a new upload is a new id). The
// new row starts unpublished at the end of its carousel. Alt text is required (an image without it
// cannot be uploaded or saved). Every change to a row (metadata, publishing) bumps its `version`,
// and every write names the version the editor started from: a write over a newer change is
// refused with 409 edit_conflict and nothing is written. Deleting a row removes its files.
// ---------------------------------------------------------------------------------------------

/** Largest upload accepted (bytes). */
export const IMAGE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** Largest decoded image accepted (width × height), so a small file cannot expand into gigabytes. */
export const IMAGE_UPLOAD_MAX_PIXELS = 50_000_000;
/** Smallest width accepted: the site shows images up to 1920 px wide, so a tiny one would be blurred. */
export const IMAGE_UPLOAD_MIN_WIDTH = 480;
/** The multipart field that carries the file. */
export const UPLOAD_FILE_FIELD = 'file';
/** Accepted types, as sniffed from the bytes. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Where uploaded images are served (under the content service). */
export const UPLOADED_IMAGE_BASE_PATH = '/api/content/media';
/** At most this many images in one carousel (drafts included). */
export const CAROUSEL_IMAGE_MAX = 30;
export const IMAGE_ALT_MAX = 300;

// Control characters and the Unicode line/paragraph separators.
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const IMAGE_ALT_REQUIRED = 'Describe what the image shows for people who cannot see it.';
export const IMAGE_ALT_TOO_LONG = `must be at most ${IMAGE_ALT_MAX} characters`;
export const IMAGE_ALT_RULE = 'must be one line of text, without control characters';

/** Alt text: trimmed, 1–300 characters, one line. */
export const imageAltSchema = z.string().check(
  z.trim(),
  z.minLength(1, IMAGE_ALT_REQUIRED),
  z.maxLength(IMAGE_ALT_MAX, IMAGE_ALT_TOO_LONG),
  z.refine((v) => !ANY_CONTROL.test(v), IMAGE_ALT_RULE),
);

/** CSS background-position / object-position the editor may choose. */
export const IMAGE_POSITIONS = [
  'center',
  'center top',
  'center bottom',
  'left center',
  'right center',
  'left top',
  'right top',
  'left bottom',
  'right bottom',
] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];

export const imageIdSchema = z.string().check(z.regex(/^[0-9a-f]{24}$/, 'must be an image row id'));
const imageVersion = z.int().check(z.minimum(1), z.maximum(1_000_000_000));
const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'must be an ISO date-time in UTC'));

/** One image row as editors see it: the public row plus its version and who changed it when. */
// Written out rather than extending cmsImageRowSchema with zod's extend: the browser's shared zod/mini
// (tools/federation/zod-mini.mjs) is loaded whole on every visitor's page, so it carries only the
// functions it must.
export const imageEditorRowSchema = z.strictObject({
  ...cmsImageRowSchema.def.shape,
  /** Counts the row's changes; a write to the row names the version it started from. */
  version: z.int().check(z.minimum(1)),
  /** True for an image uploaded through the editor (its files live in the BlobStore). */
  uploaded: z.boolean(),
  /** Pixel size of the largest rendition (uploaded images only). */
  width: z.optional(z.int()),
  height: z.optional(z.int()),
  updated_at: isoDateTime,
  /** Email of whoever last changed it (absent for seeded rows). */
  updated_by: z.optional(z.string()),
});
export type ImageEditorRow = z.infer<typeof imageEditorRowSchema>;

/** GET /api/content/editor/images/pages/:page: every row of the page's carousels, drafts included, by carousel then order. */
export const imageEditorPageParamsSchema = z.strictObject({ page: z.enum(PAGE_KEYS) });
export const imageEditorListResponseSchema = z.strictObject({ items: z.array(imageEditorRowSchema) });
export type ImageEditorListResponse = z.infer<typeof imageEditorListResponseSchema>;

export const carouselParamsSchema = z.strictObject({ page: z.enum(PAGE_KEYS), carousel_name: carouselNameSchema });

const overlayField = z.number().check(z.gte(0), z.lte(1));

/** Form fields arrive as strings: a number written as text, 0–1. */
const overlayText = z.string().check(z.regex(/^(0(\.\d{1,3})?|1(\.0{1,3})?)$/, 'must be a number from 0 to 1'));

/**
 * POST /api/content/editor/images/pages/:page/carousels/:carousel_name (multipart/form-data):
 * the text fields beside the file. The file itself is UPLOAD_FILE_FIELD.
 */
export const uploadImageFieldsSchema = z.strictObject({
  alt: imageAltSchema,
  type: z.enum(IMAGE_TONES),
  overlay: z.optional(overlayText),
  backgroundPosition: z.optional(z.enum(IMAGE_POSITIONS)),
  backgroundSize: z.optional(z.enum(['cover', 'contain'])),
});
export type UploadImageFields = z.input<typeof uploadImageFieldsSchema>;

export const imageRowParamsSchema = z.strictObject({ id: imageIdSchema });

/** PATCH /api/content/editor/images/items/:id: new metadata over `version` (at least one field). */
export const updateImageRequestSchema = z
  .strictObject({
    alt: z.optional(imageAltSchema),
    type: z.optional(z.enum(IMAGE_TONES)),
    overlay: z.optional(overlayField),
    backgroundPosition: z.optional(z.enum(IMAGE_POSITIONS)),
    backgroundSize: z.optional(z.enum(['cover', 'contain'])),
    version: imageVersion,
  })
  .check(
    z.refine(
      (b) => Object.keys(b).some((key) => key !== 'version'),
      'must change the alt text, tone, overlay, position or size',
    ),
  );
export type UpdateImageRequest = z.input<typeof updateImageRequestSchema>;

/** PUT /api/content/editor/images/items/:id/published: publish (true) or unpublish (false) over `version`. */
export const setImagePublishedRequestSchema = z.strictObject({ published: z.boolean(), version: imageVersion });
export type SetImagePublishedRequest = z.input<typeof setImagePublishedRequestSchema>;

/** DELETE /api/content/editor/images/items/:id?version=N: the version the editor saw. */
export const deleteImageQuerySchema = z.strictObject({
  version: z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'must be the image’s version (a whole number)')),
});
export const deleteImageResponseSchema = z.strictObject({ deleted: z.literal(true) });

/**
 * PUT /api/content/editor/images/pages/:page/carousels/:carousel_name/order: the ids of every row
 * of the carousel (drafts included), each once, in their new order. A list that is not exactly the
 * carousel's rows is refused (409 image_order_mismatch) and nothing moves.
 */
export const reorderImagesRequestSchema = z.strictObject({
  ids: z.array(imageIdSchema).check(
    z.minLength(1, 'must name the images of the carousel'),
    z.maxLength(CAROUSEL_IMAGE_MAX),
    z.refine((ids) => new Set(ids).size === ids.length, 'must not name an image twice'),
  ),
});
export type ReorderImagesRequest = z.input<typeof reorderImagesRequestSchema>;

/** GET /api/content/media/:file — `<id>-<width>.<format>` of an uploaded image. */
export const mediaParamsSchema = z.strictObject({
  file: z.string().check(z.regex(/^[0-9a-f]{24}-(480|768|1280|1920)\.(avif|webp)$/, 'must be an uploaded image file name')),
});

/** The messages of the image editor's named errors (the service and the mocks send the same words). */
export const IMAGE_ERROR_MESSAGES = {
  edit_conflict:
    'This image has changed since you opened it (someone else edited, published or unpublished it). Reload to see the newer version, then make your change again.',
  image_not_found: 'This image no longer exists: someone may have deleted it. Reload the list.',
  image_order_mismatch:
    'The images have changed since you loaded them (someone added or deleted one). Nothing was moved: reload and reorder them again.',
  image_file_missing: 'Choose an image file to upload.',
  image_type_unsupported: 'This file is not a JPEG, PNG, WebP or AVIF image. Choose a photo in one of those formats.',
  image_too_large: `This file is larger than ${IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller image.`,
  image_dimensions: `This image is too small or too large: it must be at least ${IMAGE_UPLOAD_MIN_WIDTH} pixels wide and at most ${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`,
  image_unreadable: 'This image could not be read: the file may be damaged. Try exporting it again.',
  carousel_full: `A carousel can have at most ${CAROUSEL_IMAGE_MAX} images. Delete one before adding another.`,
  storage_unavailable: 'Images cannot be stored just now. Try again in a minute.',
} as const;

/** A row's files: where its base URL (image_url) points for an uploaded image. */
export function uploadedImageUrl(id: string): string {
  return `${UPLOADED_IMAGE_BASE_PATH}/${id}`;
}
