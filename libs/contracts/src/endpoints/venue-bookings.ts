import * as z from 'zod/mini';
import { defineEndpoint, noQuery, STAFF_ERRORS } from '../endpoint';
import {
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingParamsSchema,
  bookingRequestSchema,
  bookingResendRequestSchema,
  bookingResendResponseSchema,
  bookingResponseSchema,
} from '../venue';

// Booking enquiries from /book and the staff view of them.


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
