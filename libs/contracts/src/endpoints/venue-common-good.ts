import { defineEndpoint, STAFF_ERRORS } from '../endpoint';
import {
  commonGoodMessageCreatedSchema,
  commonGoodMessageListQuerySchema,
  commonGoodMessageListResponseSchema,
  commonGoodMessageParamsSchema,
  commonGoodMessageRequestSchema,
  commonGoodMessageSchema,
  donationListQuerySchema,
  donationListResponseSchema,
  moderateCommonGoodMessageRequestSchema,
  recordDonationRequestSchema,
  recordDonationResponseSchema,
} from '../venue';

// The Common Good fund's donations (staff) and messages (visitors write, staff moderate).

export const recordDonationEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/donations',
  body: recordDonationRequestSchema,
  response: recordDonationResponseSchema,
  status: 201,
  errors: { ...STAFF_ERRORS, total_pending: 503 },
});


export const listDonationsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'GET',
  path: '/donations',
  query: donationListQuerySchema,
  response: donationListResponseSchema,
  errors: STAFF_ERRORS,
});


export const sendCommonGoodMessageEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/common-good/messages',
  body: commonGoodMessageRequestSchema,
  response: commonGoodMessageCreatedSchema,
  status: 201,
  errors: { rate_limited: 429 },
});


export const listCommonGoodMessagesEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'GET',
  path: '/common-good/messages',
  query: commonGoodMessageListQuerySchema,
  response: commonGoodMessageListResponseSchema,
  errors: STAFF_ERRORS,
});


export const moderateCommonGoodMessageEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'PATCH',
  path: '/common-good/messages/:id',
  params: commonGoodMessageParamsSchema,
  body: moderateCommonGoodMessageRequestSchema,
  response: commonGoodMessageSchema,
  errors: { ...STAFF_ERRORS, not_found: 404 },
});

