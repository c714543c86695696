import { Router } from 'express';
import { cmsNoQuerySchema, pageTextParamsSchema, type GlobalTextResponse, type PageKey, type PageTextResponse } from '@croft/contracts';
import { validate } from '@croft/service-kit';
import type { ReadCache } from '../domain/read-cache';
import { cachedJsonSender } from './cached-json';

/** Browsers and the CDN may reuse published text for a minute. */
export const TEXT_CACHE_CONTROL = 'public, max-age=60';

export function textRoutes(caches: {
  pageText: ReadCache<PageKey, PageTextResponse>;
  globalText: ReadCache<'global', GlobalTextResponse>;
}): Router {
  const router = Router();
  const send = cachedJsonSender(TEXT_CACHE_CONTROL);
  const pageParams = validate({ params: pageTextParamsSchema, query: cmsNoQuerySchema });
  const noQuery = validate({ query: cmsNoQuerySchema });

  // GET /pages/home/text → { items: CmsContentRow[] } (published, one per section + key)
  router.get('/pages/:page/text', pageParams, async (req, res) => {
    const { params } = pageParams.get(res);
    send(req, res, await caches.pageText.get(params.page));
  });

  // GET /global → { items: CmsGlobalContentRow[] } (published, one per key)
  router.get('/global', noQuery, async (req, res) => {
    send(req, res, await caches.globalText.get('global'));
  });

  return router;
}
