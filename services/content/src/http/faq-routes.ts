import { Router } from 'express';
import { contentEndpoints as content, type FaqListResponse, type FaqRow } from '@croft/contracts';
import { mountEndpoint } from '@croft/service-kit';
import type { FaqCatalog } from '../domain/faq-catalog';
import { cachedJsonSender } from './cached-json';

/** Browsers and the CDN may reuse a FAQ answer for a minute. */
export const FAQ_CACHE_CONTROL = 'public, no-cache';

export function faqRoutes(catalog: FaqCatalog): Router {
  const router = Router();
  const send = cachedJsonSender(content.listFaq, FAQ_CACHE_CONTROL);
  // The catalog hands out the same rows array while a page is cached: one payload per array, so
  // the sender builds its body and ETag once per cached page.
  const payloads = new WeakMap<FaqRow[], FaqListResponse>();
  const payloadOf = (rows: FaqRow[]): FaqListResponse => {
    let payload = payloads.get(rows);
    if (!payload) payloads.set(rows, (payload = { items: rows }));
    return payload;
  };

  // Published rows of a page, in display order.
  mountEndpoint(router, content.listFaq, async ({ query, req, res }) => {
    send(req, res, payloadOf(await catalog.listPublished(query.page)));
    return undefined;
  });

  return router;
}
