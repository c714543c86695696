/**
 * `GET /blobs/<key>?exp=&sig=`: streams a blob to whoever holds a valid signed URL
 * (signBlobUrl). Mount it at /blobs: `app.use('/blobs', blobRoute({ store, secret }))`.
 */
import type { RequestHandler } from 'express';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blobs';
import { verifyBlobSignature } from './blobs-signing';
import { systemClock, type Clock } from './clock';
import { errorBody } from './errors';

export interface BlobRouteOptions {
  store: BlobStore;
  /** BLOB_URL_SECRET */
  secret: string;
  clock?: Clock;
  /** Longest browser cache for a blob (default 3600 s); never longer than the URL is valid. */
  maxAgeSeconds?: number;
}

/** Shown inline: raster images only. SVG can carry script, so it downloads like everything else. */
const INLINE_TYPES = /^image\/(avif|webp|png|jpeg|gif)$/i;

/** The blob response's own policy: no scripts, no plugins, sandboxed if opened as a page. */
const BLOB_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Verifies the signature before touching the store: a bad or expired URL is 403 forbidden
 * (envelope) and never reveals whether the blob exists; a missing blob is 404 not_found. Answers
 * carry the store's Content-Type, Content-Length, ETag (If-None-Match → 304),
 * `Cache-Control: private, max-age=min(remaining validity, maxAgeSeconds)`, nosniff, and
 * Content-Disposition inline for raster images, attachment otherwise.
 */
export function blobRoute(options: BlobRouteOptions): RequestHandler {
  const clock = options.clock ?? systemClock;
  const maxAge = options.maxAgeSeconds ?? 3600;
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).json(errorBody('method_not_allowed', 'Blobs can only be read.'));
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\//, ''));
    } catch {
      key = '';
    }
    const now = clock.now().getTime();
    const verdict = verifyBlobSignature({ key, exp: req.query.exp, sig: req.query.sig, secret: options.secret, now });
    if (!verdict.ok) {
      res.setHeader('Cache-Control', 'no-store');
      res
        .status(403)
        .json(
          errorBody(
            'forbidden',
            verdict.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.',
          ),
        );
      return;
    }
    try {
      const blob = await options.store.get(key);
      if (!blob) {
        res.setHeader('Cache-Control', 'no-store');
        res.status(404).json(errorBody('not_found', 'There is no such file.'));
        return;
      }
      const remaining = Math.max(0, verdict.expiresAt - Math.floor(now / 1000));
      res.setHeader('Cache-Control', `private, max-age=${Math.min(remaining, maxAge)}`);
      res.setHeader('ETag', blob.etag);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', BLOB_CSP);
      res.setHeader('Content-Disposition', INLINE_TYPES.test(blob.contentType) ? 'inline' : 'attachment');
      const match = req.get('if-none-match');
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === blob.etag || tag.trim() === '*')) {
        blob.stream.destroy();
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', blob.contentType);
      res.setHeader('Content-Length', String(blob.size));
      if (req.method === 'HEAD') {
        blob.stream.destroy();
        res.status(200).end();
        return;
      }
      res.status(200);
      await pipeline(blob.stream, res);
    } catch (error) {
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      next(error);
    }
  };
}
