import { Router } from 'express';
import type { Connection } from 'mongoose';
import type { CmsImageListResponse, GlobalTextResponse, PageKey, PageTextResponse, SecretWordListResponse } from '@croft/contracts';
import { MongoRateLimitStore, silentLogger, systemClock, type Clock, type Logger, type TokenVerifier } from '@croft/service-kit';
import {
  cmsContentModel,
  cmsGlobalContentModel,
  type CmsContentModel,
  type CmsGlobalContentModel,
} from './data/cms-content-model';
import { cmsImageModel, type CmsImageModel } from './data/cms-image-model';
import { faqEntryModel, type FaqEntryModel } from './data/faq-entry-model';
import { findPublishedFaq, upsertFaqSeed } from './data/faq-store';
import { IMAGE_SEED, findPublishedImages, upsertImageSeed, type ImageSeed } from './data/image-store';
import { secretWordModel, type SecretWordModel } from './data/secret-word-model';
import {
  SECRET_WORD_SEED,
  findActiveWords,
  insertSecretWord,
  setSecretWordActive,
  upsertSecretWordSeed,
  type SecretWordSeed,
} from './data/secret-word-store';
import { FAQ_SEED, type FaqSeed } from './data/seed-faq';
import {
  GLOBAL_TEXT_SEED,
  PAGE_TEXT_SEED,
  findPublishedGlobalText,
  findPublishedPageText,
  upsertGlobalTextSeed,
  upsertPageTextSeed,
  type GlobalTextSeed,
  type PageTextSeed,
} from './data/text-store';
import { createFaqCatalog, type FaqCatalog } from './domain/faq-catalog';
import { visibleGlobalText, visiblePageText } from './domain/page-text';
import { createReadCache, type ReadCache } from './domain/read-cache';
import { createSecretWordBook } from './domain/secret-words';
import { faqRoutes } from './http/faq-routes';
import { imageRoutes, type CarouselKey } from './http/image-routes';
import { secretWordRoutes } from './http/secret-word-routes';
import { textRoutes } from './http/text-routes';

export interface ContentServiceOptions {
  /** The service's own mongoose connection. */
  db: Connection;
  clock?: Clock;
  logger?: Logger;
  /** How long a page's FAQ stays cached in memory (default 5000 ms; 0 = no cache). */
  faqCacheTtlMs?: number;
  /** How long page text, global text, carousels and secret words stay cached (default 5000 ms; 0 = off). */
  readCacheTtlMs?: number;
  /**
   * Verifies identity's access tokens for the staff routes (POST/PATCH /secret-words). Without
   * it those routes answer 503 not_configured; the public reads work either way.
   */
  verifyAccessToken?: TokenVerifier;
  /** Rate limit of the staff secret-word writes, per client IP per minute (default 30). */
  secretWordWritesPerMinute?: number;
}

export interface ContentSeedOptions {
  faq?: readonly FaqSeed[];
  pageText?: readonly PageTextSeed[];
  globalText?: readonly GlobalTextSeed[];
  images?: readonly ImageSeed[];
  secretWords?: readonly SecretWordSeed[];
}

export interface ContentSeedResult {
  faqInserted: number;
  pageTextInserted: number;
  globalTextInserted: number;
  imagesInserted: number;
  secretWordsInserted: number;
}

export interface ContentService {
  /** Mount at /api/content. */
  router: Router;
  /** Inserts missing seed content (idempotent, never overwrites edits). */
  seed(options?: ContentSeedOptions): Promise<ContentSeedResult>;
  /** Drops every cached read (after a direct database write). */
  invalidateCache(): void;
  models: {
    faqEntry: FaqEntryModel;
    cmsContent: CmsContentModel;
    cmsGlobalContent: CmsGlobalContentModel;
    cmsImage: CmsImageModel;
    secretWord: SecretWordModel;
  };
}

export function createContentService(options: ContentServiceOptions): ContentService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const models = {
    faqEntry: faqEntryModel(options.db),
    cmsContent: cmsContentModel(options.db),
    cmsGlobalContent: cmsGlobalContentModel(options.db),
    cmsImage: cmsImageModel(options.db),
    secretWord: secretWordModel(options.db),
  };
  const ttlMs = options.readCacheTtlMs;

  const faq: FaqCatalog = createFaqCatalog({
    source: { findPublished: (page) => findPublishedFaq(models.faqEntry, page) },
    clock,
    ttlMs: options.faqCacheTtlMs,
  });
  const pageText: ReadCache<PageKey, PageTextResponse> = createReadCache({
    load: async (page: PageKey) => ({ items: visiblePageText(await findPublishedPageText(models.cmsContent, page)) }),
    clock,
    ttlMs,
  });
  const globalText: ReadCache<'global', GlobalTextResponse> = createReadCache({
    load: async () => ({ items: visibleGlobalText(await findPublishedGlobalText(models.cmsGlobalContent)) }),
    clock,
    ttlMs,
  });
  const images: ReadCache<CarouselKey, CmsImageListResponse> = createReadCache({
    load: async (key: CarouselKey) => {
      const slash = key.indexOf('/');
      return { items: await findPublishedImages(models.cmsImage, key.slice(0, slash) as PageKey, key.slice(slash + 1)) };
    },
    clock,
    ttlMs,
  });
  const wordList: ReadCache<'active', SecretWordListResponse> = createReadCache({
    load: async () => ({ items: await findActiveWords(models.secretWord) }),
    clock,
    ttlMs,
  });
  const book = createSecretWordBook({
    source: {
      insert: (word, wordKey, now) => insertSecretWord(models.secretWord, word, wordKey, now),
      setActive: (id, isActive) => setSecretWordActive(models.secretWord, id, isActive),
    },
    clock,
    onChange: () => wordList.invalidate(),
  });

  function invalidateAll() {
    faq.invalidate();
    pageText.invalidate();
    globalText.invalidate();
    images.invalidate();
    wordList.invalidate();
  }

  const router = Router();
  router.use(faqRoutes(faq));
  router.use(textRoutes({ pageText, globalText }));
  router.use(imageRoutes(images));
  router.use(
    secretWordRoutes({
      book,
      list: wordList,
      verifyAccessToken: options.verifyAccessToken,
      writesPerMinute: options.secretWordWritesPerMinute,
      // Shared by every instance on the database (a per-process count would multiply the budget).
      limitStore: new MongoRateLimitStore(options.db, { prefix: 'rl:content:secret-word-writes:', clock }),
    }),
  );

  return {
    router,
    async seed(seedOptions = {}) {
      const now = clock.now();
      const [faqInserted, pageTextInserted, globalTextInserted, imagesInserted, secretWordsInserted] = await Promise.all([
        upsertFaqSeed(models.faqEntry, seedOptions.faq ?? FAQ_SEED, now),
        upsertPageTextSeed(models.cmsContent, seedOptions.pageText ?? PAGE_TEXT_SEED, now),
        upsertGlobalTextSeed(models.cmsGlobalContent, seedOptions.globalText ?? GLOBAL_TEXT_SEED, now),
        upsertImageSeed(models.cmsImage, seedOptions.images ?? IMAGE_SEED, now),
        upsertSecretWordSeed(models.secretWord, seedOptions.secretWords ?? SECRET_WORD_SEED),
      ]);
      invalidateAll();
      const result = { faqInserted, pageTextInserted, globalTextInserted, imagesInserted, secretWordsInserted };
      logger.info(result, 'content seeded');
      return result;
    },
    invalidateCache: invalidateAll,
    models,
  };
}
