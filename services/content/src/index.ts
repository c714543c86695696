export { createContentService } from './content-service';
export type { ContentService, ContentServiceOptions } from './content-service';
export { contentConfigSchema, CONTENT_DEFAULT_PORT } from './config';
export { FAQ_SEED } from './data/seed-faq';
export type { FaqSeed } from './data/seed-faq';
export { FAQ_COLLECTION, faqEntryModel } from './data/faq-entry-model';
export type { FaqEntry, FaqEntryModel } from './data/faq-entry-model';
export { FAQ_CACHE_CONTROL } from './http/faq-routes';
