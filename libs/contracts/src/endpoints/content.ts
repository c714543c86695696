import { defineEndpoint, noQuery } from '../endpoint';
import { createSecretWordEndpoint, listSecretWordsEndpoint, updateSecretWordEndpoint } from './content-secret-words';
import {
  cmsImageListResponseSchema,
  cmsImagesQuerySchema,
  globalTextResponseSchema,
  pageTextParamsSchema,
  pageTextResponseSchema,
} from '../cms';
import { faqListResponseSchema, faqQuerySchema } from '../content';

/**
 * The content service (/api/content): FAQ, CMS page and global text, carousel images and the
 * secret words (content-secret-words.ts). The public reads answer with a weak ETag and 304 on a match.
 */
/** Published FAQ rows of one page, in display order. */
export const listFaqEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/faq',
  query: faqQuerySchema,
  response: faqListResponseSchema,
});

/** Published text of a page, one row per (section, content_key). */
export const getPageTextEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/pages/:page/text',
  params: pageTextParamsSchema,
  query: noQuery,
  response: pageTextResponseSchema,
});

/** Published site-wide text (brand name, tagline, footer lines), one row per content_key. */
export const getGlobalTextEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/global',
  query: noQuery,
  response: globalTextResponseSchema,
});

/** Published images of one carousel, by sort_order. */
export const listCarouselImagesEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/images',
  query: cmsImagesQuerySchema,
  response: cmsImageListResponseSchema,
});

export const contentEndpoints = {
  listFaq: listFaqEndpoint,
  getPageText: getPageTextEndpoint,
  getGlobalText: getGlobalTextEndpoint,
  listCarouselImages: listCarouselImagesEndpoint,
  listSecretWords: listSecretWordsEndpoint,
  createSecretWord: createSecretWordEndpoint,
  updateSecretWord: updateSecretWordEndpoint,
} as const;
