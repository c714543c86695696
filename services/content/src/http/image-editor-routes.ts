import { Router } from 'express';
import type { Store } from 'express-rate-limit';
import { contentImageEditingEndpoints as images, IMAGE_ERROR_MESSAGES } from '@croft/contracts';
import { HttpError, authClaims, mountEndpoint, rateLimit, requireAuthWith, type TokenVerifier } from '@croft/service-kit';
import type { ImageEditor, ImageMetadataChange, ImageRowFailure, ImageUploadFailure } from '../domain/image-editing';
import { DEFAULT_EDITOR_WRITES_PER_MINUTE, EDITOR_CACHE_CONTROL } from './editor-routes';
import { imageUpload } from './image-upload';
import { actorOf, cacheControl, notConfigured } from './staff-handlers';

const EDITOR_ROLES = ['editor', 'admin'] as const;

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

const refused = (reason: ImageRowFailure | ImageUploadFailure | 'image_order_mismatch') =>
  new HttpError(STATUS[reason], reason, IMAGE_ERROR_MESSAGES[reason]);

const noStore = cacheControl(EDITOR_CACHE_CONTROL);

/** The defined fields of a metadata change (the contract's optional fields, without `version`). */
function metadataChange(body: ImageMetadataChange & { version?: number }): ImageMetadataChange {
  const change: ImageMetadataChange = {};
  if (body.alt !== undefined) change.alt = body.alt;
  if (body.type !== undefined) change.type = body.type;
  if (body.overlay !== undefined) change.overlay = body.overlay;
  if (body.backgroundPosition !== undefined) change.backgroundPosition = body.backgroundPosition;
  if (body.backgroundSize !== undefined) change.backgroundSize = body.backgroundSize;
  return change;
}

/**
 * The image editor's endpoints (contentImageEditingEndpoints, but the public media files: see
 * media-routes.ts), for role editor or admin (aal2 once they have an authenticator app, as every
 * privileged route). Writes count against a per-user limit shared by every instance.
 */
export function imageEditorRoutes(options: {
  editor: ImageEditor;
  verifyAccessToken?: TokenVerifier;
  /** Image writes per signed-in user per minute (default 60, like the text and FAQ editing), counted after the token check. */
  writesPerMinute?: number;
  /** Where the write limit counts (MongoDB, shared by every instance). */
  limitStore?: Store;
}): Router {
  const router = Router();
  const { editor } = options;
  const verify = options.verifyAccessToken;
  const editors = verify ? requireAuthWith(verify, { roles: EDITOR_ROLES }) : notConfigured();
  const writes = rateLimit({
    windowMs: 60_000,
    limit: options.writesPerMinute ?? DEFAULT_EDITOR_WRITES_PER_MINUTE,
    keyPrefix: 'content-image-writes',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStore,
  });
  const read = { before: [noStore, editors] };
  const write = { before: [noStore, editors, writes] };

  // Every row of a page's carousels, drafts included.
  mountEndpoint(router, images.listImageEditorRows, async ({ params }) => ({ items: await editor.rows(params.page) }), read);

  // The body is read only after the sign-in check and the write limit: nobody else gets 15 MB buffered.
  mountEndpoint(
    router,
    images.uploadImage,
    async ({ params, body, req, res }) => {
      const result = await editor.upload(
        {
          page: params.page,
          carousel_name: params.carousel_name,
          file: req.file?.buffer,
          metadata: {
            alt: body.alt,
            type: body.type,
            ...(body.overlay !== undefined ? { overlay: Number(body.overlay) } : {}),
            ...(body.backgroundPosition !== undefined ? { backgroundPosition: body.backgroundPosition } : {}),
            ...(body.backgroundSize !== undefined ? { backgroundSize: body.backgroundSize } : {}),
          },
        },
        actorOf(res),
      );
      if (!result.ok) throw refused(result.reason);
      return result.row;
    },
    { before: [...write.before, imageUpload()] },
  );

  mountEndpoint(
    router,
    images.updateImage,
    async ({ params, body, res }) => {
      const result = await editor.update(params.id, body.version, metadataChange(body), actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return result.row;
    },
    write,
  );

  mountEndpoint(
    router,
    images.setImagePublished,
    async ({ params, body, res }) => {
      const result = await editor.setPublished(params.id, body.version, body.published, actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return result.row;
    },
    write,
  );

  mountEndpoint(
    router,
    images.deleteImage,
    async ({ params, query, res }) => {
      const result = await editor.remove(params.id, Number(query.version), actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return { deleted: true as const };
    },
    write,
  );

  mountEndpoint(
    router,
    images.reorderImages,
    async ({ params, body, res }) => {
      const result = await editor.reorder(params.page, params.carousel_name, body.ids, actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return { items: result.rows };
    },
    write,
  );

  return router;
}
