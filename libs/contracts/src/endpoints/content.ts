import { defineEndpoint } from '../endpoint';
import {
  cmsImageListResponseSchema,
  cmsImagesQuerySchema,
  cmsNoQuerySchema,
  createSecretWordRequestSchema,
  globalTextResponseSchema,
  pageTextParamsSchema,
  pageTextResponseSchema,
  secretWordListResponseSchema,
  secretWordParamsSchema,
  secretWordRowSchema,
  updateSecretWordRequestSchema,
} from '../cms';
import { faqListResponseSchema, faqQuerySchema } from '../content';

/**
 * A staff write's errors: the sign-in check (service-kit requireAuthWith), the service without a
 * token verifier (not_configured), and the per-user write limit.
 */
const STAFF_WRITE_ERRORS = {
  not_authenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  not_configured: 503,
  rate_limited: 429,
} as const;

/**
 * The content service (/api/content): FAQ, CMS page and global text, carousel images and the
 * secret words. The public reads answer with a weak ETag and 304 on a match.
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
  query: cmsNoQuerySchema,
  response: pageTextResponseSchema,
});

/** Published site-wide text (brand name, tagline, footer lines), one row per content_key. */
export const getGlobalTextEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/global',
  query: cmsNoQuerySchema,
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

/** The active secret words, oldest first (private, revalidated on every read). */
export const listSecretWordsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/secret-words',
  query: cmsNoQuerySchema,
  response: secretWordListResponseSchema,
});

/** Adds a secret word (staff, admin). */
export const createSecretWordEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/secret-words',
  query: cmsNoQuerySchema,
  body: createSecretWordRequestSchema,
  response: secretWordRowSchema,
  status: 201,
  errors: { ...STAFF_WRITE_ERRORS, secret_word_exists: 409 },
});

/** Retires a secret word (is_active false) or brings it back (staff, admin). */
export const updateSecretWordEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PATCH',
  path: '/secret-words/:id',
  params: secretWordParamsSchema,
  query: cmsNoQuerySchema,
  body: updateSecretWordRequestSchema,
  response: secretWordRowSchema,
  errors: { ...STAFF_WRITE_ERRORS, secret_word_not_found: 404 },
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
