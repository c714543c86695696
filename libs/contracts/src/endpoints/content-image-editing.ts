import * as z from 'zod/mini';
import { defineEndpoint, noQuery, STAFF_WRITE_ERRORS } from '../endpoint';
import {
  carouselParamsSchema,
  deleteImageQuerySchema,
  deleteImageResponseSchema,
  imageEditorListResponseSchema,
  imageEditorPageParamsSchema,
  imageEditorRowSchema,
  imageRowParamsSchema,
  mediaParamsSchema,
  reorderImagesRequestSchema,
  setImagePublishedRequestSchema,
  updateImageRequestSchema,
  uploadImageFieldsSchema,
} from '../image-editing';

// Editing carousel and background images (issue 11, /cms/images/{page}), for role editor or admin:
// the cms remote's image editor. Never in a client that visitors load. The model is described in
// image-editing.ts.

const IMAGE_EDITOR_ERRORS = { ...STAFF_WRITE_ERRORS, aal2_required: 403 } as const;
const ROW_ERRORS = { ...IMAGE_EDITOR_ERRORS, image_not_found: 404, edit_conflict: 409 } as const;

/** Every image of the page's carousels, drafts included, by carousel then order. */
export const listImageEditorRowsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/images/pages/:page',
  params: imageEditorPageParamsSchema,
  query: noQuery,
  response: imageEditorListResponseSchema,
  errors: IMAGE_EDITOR_ERRORS,
});

/**
 * Uploads an image (multipart/form-data: the file under UPLOAD_FILE_FIELD, the fields of
 * uploadImageFieldsSchema beside it) → 201 the new row, unpublished, at the end of the carousel.
 */
export const uploadImageEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/images/pages/:page/carousels/:carousel_name',
  params: carouselParamsSchema,
  query: noQuery,
  body: uploadImageFieldsSchema,
  response: imageEditorRowSchema,
  status: 201,
  errors: {
    ...IMAGE_EDITOR_ERRORS,
    image_file_missing: 400,
    image_type_unsupported: 415,
    image_too_large: 413,
    image_dimensions: 422,
    image_unreadable: 422,
    carousel_full: 409,
    storage_unavailable: 503,
  },
});

/** New metadata over the version the editor started from (409 edit_conflict when stale). */
export const updateImageEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PATCH',
  path: '/editor/images/items/:id',
  params: imageRowParamsSchema,
  query: noQuery,
  body: updateImageRequestSchema,
  response: imageEditorRowSchema,
  errors: ROW_ERRORS,
});

/** Publishes or unpublishes an image over its version (409 edit_conflict when stale). */
export const setImagePublishedEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PUT',
  path: '/editor/images/items/:id/published',
  params: imageRowParamsSchema,
  query: noQuery,
  body: setImagePublishedRequestSchema,
  response: imageEditorRowSchema,
  errors: ROW_ERRORS,
});

/** Deletes an image and its files, naming the version the editor saw (409 edit_conflict when stale). */
export const deleteImageEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'DELETE',
  path: '/editor/images/items/:id',
  params: imageRowParamsSchema,
  query: deleteImageQuerySchema,
  response: deleteImageResponseSchema,
  errors: ROW_ERRORS,
});

/** Puts every image of a carousel in the given order (409 image_order_mismatch unless exactly its rows). */
export const reorderImagesEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PUT',
  path: '/editor/images/pages/:page/carousels/:carousel_name/order',
  params: carouselParamsSchema,
  query: noQuery,
  body: reorderImagesRequestSchema,
  response: imageEditorListResponseSchema,
  errors: { ...IMAGE_EDITOR_ERRORS, image_order_mismatch: 409 },
});

/**
 * One rendition of an uploaded image (public: it is on the site once published; the name is an
 * unguessable id). The answer is the image bytes, not JSON, with
 * `Cache-Control: public, max-age=31536000, immutable`.
 */
export const getUploadedImageEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/media/:file',
  params: mediaParamsSchema,
  /** The site's image retry adds cache-bypass parameters (retry, t). */
  query: z.strictObject({ retry: z.optional(z.string().check(z.maxLength(20))), t: z.optional(z.string().check(z.maxLength(20))) }),
  /** Bytes, never parsed by a client: the schema only documents that. */
  response: z.unknown(),
  errors: { not_found: 404 },
});

export const contentImageEditingEndpoints = {
  listImageEditorRows: listImageEditorRowsEndpoint,
  uploadImage: uploadImageEndpoint,
  updateImage: updateImageEndpoint,
  setImagePublished: setImagePublishedEndpoint,
  deleteImage: deleteImageEndpoint,
  reorderImages: reorderImagesEndpoint,
} as const;
