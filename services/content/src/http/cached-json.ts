import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { EndpointDefinition, EndpointReply } from '@croft/contracts';
import { assertResponse, responsesChecked } from '@croft/service-kit';

interface Serialized {
  body: Buffer;
  etag: string;
}

/**
 * Sends a cached read of one endpoint as JSON with a weak ETag (304 on a match). The read caches
 * hand out the same payload object while it is cached, so its body and ETag are built once per
 * cached value rather than on every request (these reads are the hot path). The handler answers
 * itself (mountEndpoint's handler returns undefined), so the payload is checked against the
 * endpoint's response here, once per cached value, when responses are checked (under vitest).
 */
export function cachedJsonSender<E extends EndpointDefinition>(endpoint: E, cacheControl: string) {
  const serialized = new WeakMap<object, Serialized>();
  const check = responsesChecked();
  return function send(req: Request, res: Response, payload: EndpointReply<E> & object): void {
    let done = serialized.get(payload);
    if (!done) {
      if (check) assertResponse(endpoint, payload);
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
