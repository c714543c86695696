import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { getUploadedImageEndpoint } from '@croft/contracts';
import { HttpError, mountEndpoint, type BlobStore } from '@croft/service-kit';
import { UPLOADED_IMAGE_CACHE_CONTROL, renditionKey } from '../domain/image-editing';

const NOT_FOUND = 'There is no such image.';

/**
 * The uploaded images' files (GET /media/<file id>-<width>.<format>), public: a published image is
 * on the site, and a draft's file id is 96 random bits nobody can guess. Streamed from the
 * BlobStore with its type, length and ETag (If-None-Match → 304), cached for a year
 * (`immutable`: a new upload is a new id) and `nosniff`; a missing file is a 404 envelope.
 */
export function mediaRoutes(options: { blobs?: BlobStore }): Router {
  const router = Router();
  mountEndpoint(router, getUploadedImageEndpoint, async ({ params, req, res }) => {
    const blob = options.blobs ? await options.blobs.get(renditionKey(params.file)) : null;
    if (!blob) {
      res.set('Cache-Control', 'no-store');
      throw new HttpError(404, 'not_found', NOT_FOUND);
    }
    res.set({
      'Cache-Control': UPLOADED_IMAGE_CACHE_CONTROL,
      ETag: blob.etag,
      'X-Content-Type-Options': 'nosniff',
    });
    const match = req.get('if-none-match');
    if (match && match.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === blob.etag)) {
      blob.stream.destroy();
      res.status(304).end();
      return undefined;
    }
    res.set({ 'Content-Type': blob.contentType, 'Content-Length': String(blob.size) });
    res.status(200);
    if (req.method === 'HEAD') {
      blob.stream.destroy();
      res.end();
      return undefined;
    }
    try {
      await pipeline(blob.stream, res);
    } catch (error) {
      // The client went away, or the store failed mid-file: headers are gone, so end the connection.
      if (!res.writableEnded) res.destroy(error as Error);
    }
    return undefined;
  });
  return router;
}
