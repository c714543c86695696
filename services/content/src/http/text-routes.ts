import { Router } from 'express';
import { contentEndpoints as content, type GlobalTextResponse, type PageKey, type PageTextResponse } from '@croft/contracts';
import { mountEndpoint } from '@croft/service-kit';
import type { ReadCache } from '../domain/read-cache';
import { cachedJsonSender } from './cached-json';

/** Browsers and the CDN may reuse published text for a minute. */
export const TEXT_CACHE_CONTROL = 'public, no-cache';

export function textRoutes(caches: {
  pageText: ReadCache<PageKey, PageTextResponse>;
  globalText: ReadCache<'global', GlobalTextResponse>;
}): Router {
  const router = Router();
  const sendPageText = cachedJsonSender(content.getPageText, TEXT_CACHE_CONTROL);
  const sendGlobalText = cachedJsonSender(content.getGlobalText, TEXT_CACHE_CONTROL);

  // Published rows of a page, one per section + key.
  mountEndpoint(router, content.getPageText, async ({ params, req, res }) => {
    sendPageText(req, res, await caches.pageText.get(params.page));
    return undefined;
  });

  // Published site-wide rows, one per key.
  mountEndpoint(router, content.getGlobalText, async ({ req, res }) => {
    sendGlobalText(req, res, await caches.globalText.get('global'));
    return undefined;
  });

  return router;
}
