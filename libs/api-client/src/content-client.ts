import {
  getGlobalTextEndpoint,
  getPageTextEndpoint,
  listCarouselImagesEndpoint,
  listFaqEndpoint,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type CmsImageRow,
  type FaqRow,
  type PageKey,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

type Init = { signal?: AbortSignal };

export interface ContentClient {
  listFaq(page: PageKey, init?: Init): Promise<FaqRow[]>;
  /** Published text of a page, one row per (section, content_key). */
  pageText(page: PageKey, init?: Init): Promise<CmsContentRow[]>;
  /** Published site-wide text (brand name, tagline, footer lines). */
  globalText(init?: Init): Promise<CmsGlobalContentRow[]>;
  /** Published images of one carousel, in display order. */
  images(page: PageKey, carouselName: string, init?: Init): Promise<CmsImageRow[]>;
}

/**
 * How the page reads site-wide text: one key and one policy (once per session, a failed read not
 * asked again), shared by the shell's brand name and the site's footer so the page's one
 * QueryClient asks the service once for both. Spread into queryOptions with a queryFn and meta.
 */
export const GLOBAL_TEXT_QUERY = {
  queryKey: ['content', 'global-text'] as const,
  staleTime: Infinity,
  retryOnMount: false,
  refetchOnWindowFocus: false,
};

/**
 * The key of a page's text, holding the rows pageText answers: the site's CmsText reads it, and
 * the editing overlay (cms remote) writes an editor's drafts under it while edit mode is on.
 */
export const pageTextQueryKey = (page: PageKey) => ['content', 'page-text', page] as const;

/** The content service (/api/content), typed over its endpoint contracts. */
export function createContentClient(options: ClientOptions = {}): ContentClient {
  return {
    async listFaq(page, init) {
      return (await callEndpoint(options, listFaqEndpoint, { query: { page } }, init)).items;
    },
    async pageText(page, init) {
      return (await callEndpoint(options, getPageTextEndpoint, { params: { page } }, init)).items;
    },
    async globalText(init) {
      return (await callEndpoint(options, getGlobalTextEndpoint, {}, init)).items;
    },
    async images(page, carouselName, init) {
      return (await callEndpoint(options, listCarouselImagesEndpoint, { query: { page, carousel_name: carouselName } }, init)).items;
    },
  };
}
