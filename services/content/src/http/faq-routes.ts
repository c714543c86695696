import { createHash } from 'node:crypto';
import { Router } from 'express';
import { faqQuerySchema, type FaqListResponse, type FaqRow } from '@croft/contracts';
import { validate } from '@croft/service-kit';
import type { FaqCatalog } from '../domain/faq-catalog';

/** Browsers and the CDN may reuse a FAQ answer for a minute. */
export const FAQ_CACHE_CONTROL = 'public, max-age=60';

interface Serialized {
  body: Buffer;
  etag: string;
}

export function faqRoutes(catalog: FaqCatalog): Router {
  const router = Router();
  const faqQuery = validate({ query: faqQuerySchema });
  // The catalog hands out the same rows array while a page is cached, so the JSON body and its
  // ETag are built once per cached page rather than on every request (this read is the hot path).
  const serialized = new WeakMap<FaqRow[], Serialized>();

  function serialize(rows: FaqRow[]): Serialized {
    let done = serialized.get(rows);
    if (!done) {
      const payload: FaqListResponse = { items: rows };
      const body = Buffer.from(JSON.stringify(payload));
      const hash = createHash('sha1').update(body).digest('base64url').slice(0, 27);
      done = { body, etag: `W/"${body.length.toString(16)}-${hash}"` };
      serialized.set(rows, done);
    }
    return done;
  }

  // GET /faq?page=home → { items: FaqRow[] } (published rows, in display order)
  router.get('/faq', faqQuery, async (req, res) => {
    const { query } = faqQuery.get(res);
    const { body, etag } = serialize(await catalog.listPublished(query.page));
    res.set({ 'Cache-Control': FAQ_CACHE_CONTROL, 'Content-Type': 'application/json; charset=utf-8', ETag: etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(body);
  });

  return router;
}
