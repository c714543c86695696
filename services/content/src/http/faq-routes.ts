import { Router } from 'express';
import { faqQuerySchema, type FaqListResponse } from '@croft/contracts';
import { validate } from '@croft/service-kit';
import type { FaqCatalog } from '../domain/faq-catalog';

/** Browsers and the CDN may reuse a FAQ answer for a minute. */
export const FAQ_CACHE_CONTROL = 'public, max-age=60';

export function faqRoutes(catalog: FaqCatalog): Router {
  const router = Router();
  const faqQuery = validate({ query: faqQuerySchema });

  // GET /faq?page=home → { items: FaqRow[] } (published rows, in display order)
  router.get('/faq', faqQuery, async (_req, res) => {
    const { query } = faqQuery.get(res);
    const body: FaqListResponse = { items: await catalog.listPublished(query.page) };
    res.set('Cache-Control', FAQ_CACHE_CONTROL).json(body);
  });

  return router;
}
