import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import {
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingParamsSchema,
  bookingRequestSchema,
  bookingResendRequestSchema,
  bookingResendResponseSchema,
  bookingResponseSchema,
  commonGoodMessageCreatedSchema,
  commonGoodMessageListQuerySchema,
  commonGoodMessageListResponseSchema,
  commonGoodMessageParamsSchema,
  commonGoodMessageRequestSchema,
  commonGoodMessageSchema,
  commonGoodTotalsRequestSchema,
  commonGoodTotalsResponseSchema,
  donationListQuerySchema,
  donationListResponseSchema,
  moderateCommonGoodMessageRequestSchema,
  recordDonationRequestSchema,
  recordDonationResponseSchema,
} from '../venue';

const noQuery = z.strictObject({});
/** A staff endpoint's sign-in errors (service-kit requireAuthWith). */
const STAFF_ERRORS = { not_authenticated: 401, invalid_token: 401, forbidden: 403, auth_unavailable: 503 } as const;

/** The fund's running total (spec get-common-good-totals). */
export const getCommonGoodTotalsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'GET',
  path: '/common-good/totals',
  query: noQuery,
  response: commonGoodTotalsResponseSchema,
});

/** The same total, as the spec's POST with an empty body. */
export const postCommonGoodTotalsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/common-good/totals',
  query: noQuery,
  body: z.optional(commonGoodTotalsRequestSchema),
  response: commonGoodTotalsResponseSchema,
});

/** Records a donation (staff); idempotent by request_id: 201 new, 200 a repeat. */
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

/** A visitor's message for the fund (stored pending moderation). */
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

/** A booking enquiry from /book; the answer says whether the two emails went out. */
export const sendBookingEnquiryEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/bookings',
  body: bookingRequestSchema,
  response: bookingResponseSchema,
  status: 201,
  errors: { invalid_date: 400, rate_limited: 429 },
});

export const listBookingsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'GET',
  path: '/bookings',
  query: bookingListQuerySchema,
  response: bookingListResponseSchema,
  errors: STAFF_ERRORS,
});

/** Sends an enquiry's unsent emails again (staff). */
export const resendBookingMailEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/bookings/:id/resend',
  params: bookingParamsSchema,
  query: noQuery,
  body: z.optional(bookingResendRequestSchema),
  response: bookingResendResponseSchema,
  errors: { ...STAFF_ERRORS, not_found: 404, already_sent: 409, mail_in_progress: 409, rate_limited: 429 },
});

/** The venue service (/api/venue): the Common Good fund, its messages and booking enquiries. */
export const venueEndpoints = {
  getCommonGoodTotals: getCommonGoodTotalsEndpoint,
  postCommonGoodTotals: postCommonGoodTotalsEndpoint,
  recordDonation: recordDonationEndpoint,
  listDonations: listDonationsEndpoint,
  sendCommonGoodMessage: sendCommonGoodMessageEndpoint,
  listCommonGoodMessages: listCommonGoodMessagesEndpoint,
  moderateCommonGoodMessage: moderateCommonGoodMessageEndpoint,
  sendBookingEnquiry: sendBookingEnquiryEndpoint,
  listBookings: listBookingsEndpoint,
  resendBookingMail: resendBookingMailEndpoint,
} as const;
