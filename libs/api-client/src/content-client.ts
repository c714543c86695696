import {
  cmsImageListResponseSchema,
  faqListResponseSchema,
  globalTextResponseSchema,
  pageTextResponseSchema,
  secretWordListResponseSchema,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type CmsImageRow,
  type FaqRow,
  type PageKey,
} from '@croft/contracts';
import * as z from 'zod/mini';
import { ApiError, requestJson, type ClientOptions } from './api-error';

type Init = { signal?: AbortSignal };

export interface ContentClient {
  listFaq(page: PageKey, init?: Init): Promise<FaqRow[]>;
  /** Published text of a page, one row per (section, content_key). */
  pageText(page: PageKey, init?: Init): Promise<CmsContentRow[]>;
  /** Published site-wide text (brand name, tagline, footer lines). */
  globalText(init?: Init): Promise<CmsGlobalContentRow[]>;
  /** Published images of one carousel, in display order. */
  images(page: PageKey, carouselName: string, init?: Init): Promise<CmsImageRow[]>;
  /** The active secret words, oldest first. */
  secretWords(init?: Init): Promise<string[]>;
}

async function getParsed<T>(options: ClientOptions, path: string, schema: z.ZodMiniType<T>, what: string, init?: Init): Promise<T> {
  const body = await requestJson(options, path, { signal: init?.signal });
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw new ApiError(200, 'invalid_response', `The ${what} answer did not match its contract`);
  return parsed.data;
}

export function createContentClient(options: ClientOptions = {}): ContentClient {
  return {
    async listFaq(page, init) {
      return (await getParsed(options, `/api/content/faq?page=${encodeURIComponent(page)}`, faqListResponseSchema, 'FAQ', init)).items;
    },
    async pageText(page, init) {
      return (await getParsed(options, `/api/content/pages/${encodeURIComponent(page)}/text`, pageTextResponseSchema, 'page text', init)).items;
    },
    async globalText(init) {
      return (await getParsed(options, '/api/content/global', globalTextResponseSchema, 'global text', init)).items;
    },
    async images(page, carouselName, init) {
      const qs = new URLSearchParams({ page, carousel_name: carouselName });
      return (await getParsed(options, `/api/content/images?${qs}`, cmsImageListResponseSchema, 'images', init)).items;
    },
    async secretWords(init) {
      return (await getParsed(options, '/api/content/secret-words', secretWordListResponseSchema, 'secret words', init)).items;
    },
  };
}
