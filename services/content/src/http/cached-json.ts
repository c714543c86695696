import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

interface Serialized {
  body: Buffer;
  etag: string;
}

/**
 * Sends a cached read as JSON with a weak ETag (304 on a match). The read caches hand out the same
 * payload object while it is cached, so its body and ETag are built once per cached value rather
 * than on every request (these reads are the hot path), as the FAQ route does.
 */
export function cachedJsonSender(cacheControl: string) {
  const serialized = new WeakMap<object, Serialized>();
  return function send(req: Request, res: Response, payload: object): void {
    let done = serialized.get(payload);
    if (!done) {
      const body = Buffer.from(JSON.stringify(payload));
      const hash = createHash('sha1').update(body).digest('base64url').slice(0, 27);
      done = { body, etag: `W/"${body.length.toString(16)}-${hash}"` };
      serialized.set(payload, done);
    }
    res.set({ 'Cache-Control': cacheControl, 'Content-Type': 'application/json; charset=utf-8', ETag: done.etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(done.body);
  };
}
