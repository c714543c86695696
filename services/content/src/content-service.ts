import { Router } from 'express';
import type { Connection } from 'mongoose';
import { silentLogger, systemClock, type Clock, type Logger } from '@croft/service-kit';
import { faqEntryModel, type FaqEntryModel } from './data/faq-entry-model';
import { findPublishedFaq, upsertFaqSeed } from './data/faq-store';
import { FAQ_SEED, type FaqSeed } from './data/seed-faq';
import { createFaqCatalog, type FaqCatalog } from './domain/faq-catalog';
import { faqRoutes } from './http/faq-routes';

export interface ContentServiceOptions {
  /** The service's own mongoose connection. */
  db: Connection;
  clock?: Clock;
  logger?: Logger;
  /** How long a page's FAQ stays cached in memory (default 5000 ms; 0 = no cache). */
  faqCacheTtlMs?: number;
}

export interface ContentService {
  /** Mount at /api/content. */
  router: Router;
  /** Inserts missing seed content (idempotent, never overwrites edits). */
  seed(options?: { faq?: readonly FaqSeed[] }): Promise<{ faqInserted: number }>;
  /** Drops cached FAQ pages (after a direct database write). */
  invalidateCache(): void;
  models: { faqEntry: FaqEntryModel };
}

export function createContentService(options: ContentServiceOptions): ContentService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const faqEntry = faqEntryModel(options.db);
  const faq: FaqCatalog = createFaqCatalog({
    source: { findPublished: (page) => findPublishedFaq(faqEntry, page) },
    clock,
    ttlMs: options.faqCacheTtlMs,
  });

  const router = Router();
  router.use(faqRoutes(faq));

  return {
    router,
    async seed(seedOptions = {}) {
      const faqInserted = await upsertFaqSeed(faqEntry, seedOptions.faq ?? FAQ_SEED, clock.now());
      faq.invalidate();
      logger.info({ faqInserted }, 'content seeded');
      return { faqInserted };
    },
    invalidateCache: () => faq.invalidate(),
    models: { faqEntry },
  };
}
