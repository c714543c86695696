import { Router } from 'express';
import { Types, type Connection } from 'mongoose';
import {
  GLOBAL_CMS_PAGE,
  type CmsImageListResponse,
  type GlobalTextResponse,
  type PageKey,
  type PageTextResponse,
  type SecretWordListResponse,
} from '@croft/contracts';
import {
  DEFAULT_JOB_POLL_MS,
  MongoRateLimitStore,
  createAuditLog,
  createJobs,
  silentLogger,
  systemClock,
  type AuditLog,
  type BlobStore,
  type Clock,
  type Jobs,
  type Logger,
  type TokenVerifier,
} from '@croft/service-kit';
import {
  cmsContentModel,
  cmsGlobalContentModel,
  type CmsContentModel,
  type CmsGlobalContentModel,
} from './data/cms-content-model';
import { cmsImageModel, cmsImageSeedLogModel, type CmsImageModel, type CmsImageSeedLogModel } from './data/cms-image-model';
import { faqEntryModel, faqSeedLogModel, type FaqEntryModel, type FaqSeedLogModel } from './data/faq-entry-model';
import { createFaqEditorStore, findPublishedFaq, upsertFaqSeed } from './data/faq-store';
import { IMAGE_SEED, createImageEditorStore, findPublishedImages, upsertImageSeed, type ImageSeed } from './data/image-store';
import { secretWordModel, type SecretWordModel } from './data/secret-word-model';
import {
  SECRET_WORD_SEED,
  findActiveWords,
  secretWordSource,
  upsertSecretWordSeed,
  type SecretWordSeed,
} from './data/secret-word-store';
import { FAQ_SEED, type FaqSeed } from './data/seed-faq';
import { createPresenceStore, editorPresenceModel, type EditorPresenceModel } from './data/editor-presence';
import { createScheduleStore, publishScheduleModel, type PublishScheduleModel } from './data/publish-schedules';
import { createTextVersionStore, discardedRevisionModel, type DiscardedRevisionModel } from './data/text-versions';
import {
  GLOBAL_TEXT_SEED,
  PAGE_TEXT_SEED,
  assignMissingRevisions,
  findPublishedGlobalText,
  findPublishedPageText,
  upsertGlobalTextSeed,
  upsertPageTextSeed,
  type GlobalTextSeed,
  type PageTextSeed,
} from './data/text-store';
import { createFaqCatalog, type FaqCatalog } from './domain/faq-catalog';
import { createFaqEditor, type FaqEditor } from './domain/faq-editing';
import { createImageEditor, type ImageEditor } from './domain/image-editing';
import { visibleGlobalText, visiblePageText } from './domain/page-text';
import { createReadCache, type ReadCache } from './domain/read-cache';
import { createSecretWordBook } from './domain/secret-words';
import { createTextEditor, type TextEditor } from './domain/text-editing';
import { editorRoutes } from './http/editor-routes';
import { faqEditorRoutes } from './http/faq-editor-routes';
import { faqRoutes } from './http/faq-routes';
import { imageEditorRoutes } from './http/image-editor-routes';
import { imageRoutes, type CarouselKey } from './http/image-routes';
import { mediaRoutes } from './http/media-routes';
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
  /** Editors' writes (save, publish, discard, restore, schedule, cancel; FAQ writes counted apart) per user per minute (default 60). */
  editorWritesPerMinute?: number;
  /**
   * A jobs runner owned by the caller (the composition root, service 'content'): the service
   * defines its jobs on it and leaves starting and stopping to the owner. Default: its own runner,
   * polling every `jobPollMs` (0: it never polls; tests call `jobs.runDueNow()`), stopped by close().
   */
  jobs?: Jobs;
  jobPollMs?: number;
  /**
   * Where uploaded images' renditions are stored and served from (the composition's BlobStore).
   * Without one, uploads answer 503 storage_unavailable and /media answers 404; the rest works.
   */
  blobs?: BlobStore;
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

/** The one job of the content service: runs one scheduled publish when it is due. */
export const SCHEDULED_PUBLISH_JOB = 'scheduled-publish';
/** Retries of a failed scheduled publish (with back-off) before it is marked failed. */
const SCHEDULED_PUBLISH_RETRIES = 5;

export interface ContentService {
  /** Mount at /api/content. */
  router: Router;
  /** Editing CMS text (drafts, publish, schedules …) without HTTP. */
  editor: TextEditor;
  /** Editing the FAQ (add, edit, reorder, publish, delete) without HTTP. */
  faqEditor: FaqEditor;
  /** Editing carousel and background images (upload, metadata, publish, reorder, delete) without HTTP. */
  imageEditor: ImageEditor;
  /** The service's audit log (service 'content'). */
  audit: AuditLog;
  /** The service's jobs (kit `createJobs`, service 'content'); `jobs.runDueNow()` in tests. */
  jobs: Jobs;
  /** Stops its own jobs runner (a given `jobs` is its owner's to stop). */
  close(): Promise<void>;
  /** Inserts missing seed content (idempotent, never overwrites edits). */
  seed(options?: ContentSeedOptions): Promise<ContentSeedResult>;
  /** Drops every cached read (after a direct database write). */
  invalidateCache(): void;
  models: {
    faqEntry: FaqEntryModel;
    faqSeedLog: FaqSeedLogModel;
    cmsContent: CmsContentModel;
    cmsGlobalContent: CmsGlobalContentModel;
    cmsImage: CmsImageModel;
    cmsImageSeedLog: CmsImageSeedLogModel;
    secretWord: SecretWordModel;
    publishSchedule: PublishScheduleModel;
    editorPresence: EditorPresenceModel;
    discardedRevision: DiscardedRevisionModel;
  };
}

export function createContentService(options: ContentServiceOptions): ContentService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const models = {
    faqEntry: faqEntryModel(options.db),
    faqSeedLog: faqSeedLogModel(options.db),
    cmsContent: cmsContentModel(options.db),
    cmsGlobalContent: cmsGlobalContentModel(options.db),
    cmsImage: cmsImageModel(options.db),
    cmsImageSeedLog: cmsImageSeedLogModel(options.db),
    secretWord: secretWordModel(options.db),
    publishSchedule: publishScheduleModel(options.db),
    editorPresence: editorPresenceModel(options.db),
    discardedRevision: discardedRevisionModel(options.db),
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

  const audit = createAuditLog(options.db, 'content', { clock });
  const book = createSecretWordBook({
    source: secretWordSource(models.secretWord),
    clock,
    audit,
    onChange: () => wordList.invalidate(),
  });
  const jobs = options.jobs ?? createJobs({ db: options.db, clock, logger, service: 'content' });
  const editor = createTextEditor({
    versions: createTextVersionStore(models),
    schedules: createScheduleStore(models.publishSchedule),
    presence: createPresenceStore(models.editorPresence),
    audit,
    clock,
    newId: () => new Types.ObjectId().toHexString(),
    async scheduleJob(scheduleId, publishAt) {
      await jobs.schedule(SCHEDULED_PUBLISH_JOB, publishAt, { schedule_id: scheduleId }, { key: scheduleId });
    },
    // Visitors see a publish at once on this instance (others within their cache's 5 s).
    onPublished(keys) {
      for (const key of keys) {
        if (key.page === GLOBAL_CMS_PAGE) globalText.invalidate();
        else pageText.invalidate(key.page);
      }
    },
  });
  const faqEditor = createFaqEditor({
    source: createFaqEditorStore(models.faqEntry),
    audit,
    clock,
    // Visitors see a change at once on this instance (others within their cache's 5 s).
    onChange: (page) => faq.invalidate(page),
  });
  const imageEditor = createImageEditor({
    source: createImageEditorStore(models.cmsImage),
    blobs: options.blobs,
    audit,
    clock,
    logger,
    // Visitors see a change at once on this instance (others within their cache's 5 s).
    onChange: (page, carouselName) => images.invalidate(`${page}/${carouselName}`),
  });
  jobs.define<{ schedule_id: string }>(
    SCHEDULED_PUBLISH_JOB,
    async (ctx) => {
      const finalAttempt = ctx.attempt > SCHEDULED_PUBLISH_RETRIES;
      if (ctx.payload?.schedule_id) await editor.runSchedule(ctx.payload.schedule_id, { finalAttempt });
    },
    { retries: SCHEDULED_PUBLISH_RETRIES, backoffMs: 15_000 },
  );
  const pollMs = options.jobPollMs ?? DEFAULT_JOB_POLL_MS;
  if (!options.jobs && pollMs > 0) jobs.start({ pollMs });

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
  router.use(mediaRoutes({ blobs: options.blobs }));
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
  router.use(
    editorRoutes({
      editor,
      audit,
      verifyAccessToken: options.verifyAccessToken,
      writesPerMinute: options.editorWritesPerMinute,
      limitStores: {
        writes: new MongoRateLimitStore(options.db, { prefix: 'rl:content:editor-writes:', clock }),
        presence: new MongoRateLimitStore(options.db, { prefix: 'rl:content:editor-presence:', clock }),
      },
    }),
  );

  router.use(
    faqEditorRoutes({
      editor: faqEditor,
      verifyAccessToken: options.verifyAccessToken,
      writesPerMinute: options.editorWritesPerMinute,
      limitStore: new MongoRateLimitStore(options.db, { prefix: 'rl:content:faq-writes:', clock }),
    }),
  );

  router.use(
    imageEditorRoutes({
      editor: imageEditor,
      verifyAccessToken: options.verifyAccessToken,
      writesPerMinute: options.editorWritesPerMinute,
      limitStore: new MongoRateLimitStore(options.db, { prefix: 'rl:content:image-writes:', clock }),
    }),
  );

  return {
    router,
    editor,
    faqEditor,
    imageEditor,
    audit,
    jobs,
    async close() {
      if (!options.jobs) await jobs.stop();
    },
    async seed(seedOptions = {}) {
      const now = clock.now();
      // Rows from before versions get their revisions before anything reads or adds versions.
      const [pageRowsNumbered, globalRowsNumbered] = await Promise.all([
        assignMissingRevisions(models.cmsContent),
        assignMissingRevisions(models.cmsGlobalContent),
      ]);
      if (pageRowsNumbered + globalRowsNumbered > 0) logger.info({ pageRowsNumbered, globalRowsNumbered }, 'numbered text rows saved before versions');
      const [faqInserted, pageTextInserted, globalTextInserted, imagesInserted, secretWordsInserted] = await Promise.all([
        upsertFaqSeed(models.faqEntry, seedOptions.faq ?? FAQ_SEED, now, models.faqSeedLog),
        upsertPageTextSeed(models.cmsContent, seedOptions.pageText ?? PAGE_TEXT_SEED, now),
        upsertGlobalTextSeed(models.cmsGlobalContent, seedOptions.globalText ?? GLOBAL_TEXT_SEED, now),
        upsertImageSeed(models.cmsImage, seedOptions.images ?? IMAGE_SEED, now, models.cmsImageSeedLog),
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
