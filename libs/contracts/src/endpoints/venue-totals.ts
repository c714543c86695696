import * as z from 'zod/mini';
import { defineEndpoint, noQuery } from '../endpoint';
import {
  commonGoodTotalsRequestSchema,
  commonGoodTotalsResponseSchema,
} from '../venue';

// The Common Good total: on every public page, so kept apart from the rest of the venue's endpoints
// (a page's chunk carries only the endpoints, and so the schemas, it calls).


export const getCommonGoodTotalsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'GET',
  path: '/common-good/totals',
  query: noQuery,
  response: commonGoodTotalsResponseSchema,
});


export const postCommonGoodTotalsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/common-good/totals',
  query: noQuery,
  body: z.optional(commonGoodTotalsRequestSchema),
  response: commonGoodTotalsResponseSchema,
});

