import { defineEndpoint, noQuery, STAFF_ERRORS, STAFF_WRITE_ERRORS } from '../endpoint';
import {
  cancelCinemaBookingResponseSchema,
  cancelScreeningRequestSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  cinemaMemberViewSchema,
  cinemaStatusSchema,
  cinemaWaitlistEntrySchema,
  createCinemaBookingRequestSchema,
  createCinemaBookingResponseSchema,
  doorListResponseSchema,
  joinCinemaWaitlistRequestSchema,
  resendCinemaTicketsResponseSchema,
  screeningParamsSchema,
  staffScreeningSchema,
  staffScreeningsResponseSchema,
  updateScreeningRequestSchema,
} from '../cinema';
import * as z from 'zod/mini';
import { auditListQuerySchema, auditListResponseSchema } from '../audit';

// The cinema service (/api/cinema, issue 13). Status is public; members' endpoints need a signed-in
// member (the cinema remote's client); staff endpoints need role staff or admin (the cinema team's
// admin panel). The model is described in cinema.ts.

const MEMBER_ERRORS = { not_authenticated: 401, invalid_token: 401, auth_unavailable: 503, not_configured: 503 } as const;

/** get_cinema_status: the screening on sale now (made on first read of its month). */
export const getCinemaStatusEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'GET',
  path: '/status',
  query: noQuery,
  response: cinemaStatusSchema,
  errors: { not_configured: 503 },
});

/** The signed-in member's booking and waiting-list place for the screening on sale. */
export const getCinemaMemberViewEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'GET',
  path: '/me',
  query: noQuery,
  response: cinemaMemberViewSchema,
  errors: MEMBER_ERRORS,
});

/** create_cinema_booking: 1 or 2 tickets for the signed-in member; the ticket email goes at once. */
export const createCinemaBookingEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'POST',
  path: '/bookings',
  query: noQuery,
  body: createCinemaBookingRequestSchema,
  response: createCinemaBookingResponseSchema,
  status: 201,
  errors: {
    ...MEMBER_ERRORS,
    not_subscriber: 403,
    membership_unavailable: 503,
    screening_not_found: 404,
    not_on_sale: 409,
    screening_cancelled: 409,
    sold_out: 409,
    only_one_left: 409,
    already_booked: 409,
    guest_name_required: 400,
    guest_name_not_allowed: 400,
    rate_limited: 429,
  },
});

/** Sends the member's ticket email again (send-cinema-ticket-email on resend). */
export const resendCinemaTicketsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'POST',
  path: '/bookings/mine/email',
  query: noQuery,
  response: resendCinemaTicketsResponseSchema,
  errors: { ...MEMBER_ERRORS, booking_not_found: 404, email_failed: 502, rate_limited: 429 },
});

/** Cancels the member's booking (up to 24 h before doors); the tickets return to sale or the waiting list. */
export const cancelCinemaBookingEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'DELETE',
  path: '/bookings/mine',
  query: noQuery,
  response: cancelCinemaBookingResponseSchema,
  errors: { ...MEMBER_ERRORS, booking_not_found: 404, too_late_to_cancel: 409 },
});

/** Joins the waiting list of a sold-out screening. */
export const joinCinemaWaitlistEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'POST',
  path: '/waitlist',
  query: noQuery,
  body: joinCinemaWaitlistRequestSchema,
  response: cinemaWaitlistEntrySchema,
  status: 201,
  errors: {
    ...MEMBER_ERRORS,
    not_subscriber: 403,
    membership_unavailable: 503,
    screening_not_found: 404,
    screening_cancelled: 409,
    not_sold_out: 409,
    already_booked: 409,
    already_waiting: 409,
    guest_name_required: 400,
    guest_name_not_allowed: 400,
  },
});

/** Leaves the waiting list (an offer being held is released to the next member). */
export const leaveCinemaWaitlistEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'DELETE',
  path: '/waitlist/mine',
  query: noQuery,
  response: z.strictObject({ left: z.literal(true) }),
  errors: { ...MEMBER_ERRORS, not_waiting: 404 },
});

// ── staff ───────────────────────────────────────────────────────────────────────────────────────

/** Staff: the screening on sale and the next ones made so far, then past ones, newest first. */
export const staffListScreeningsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'GET',
  path: '/staff/screenings',
  query: noQuery,
  response: staffScreeningsResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503 },
});

/** Staff: change a screening's title, times or capacity (never below the tickets sold). */
export const staffUpdateScreeningEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'PATCH',
  path: '/staff/screenings/:id',
  params: screeningParamsSchema,
  query: noQuery,
  body: updateScreeningRequestSchema,
  response: staffScreeningSchema,
  errors: { ...STAFF_WRITE_ERRORS, screening_not_found: 404, version_conflict: 409, capacity_below_sold: 409, screening_cancelled: 409 },
});

/** Staff: cancel a screening (booked and waiting members are emailed). */
export const staffCancelScreeningEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'POST',
  path: '/staff/screenings/:id/cancel',
  params: screeningParamsSchema,
  query: noQuery,
  body: cancelScreeningRequestSchema,
  response: staffScreeningSchema,
  errors: { ...STAFF_WRITE_ERRORS, screening_not_found: 404, version_conflict: 409, screening_cancelled: 409 },
});

/** Staff: the door list (names, ticket numbers, checked in). */
export const staffDoorListEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'GET',
  path: '/staff/screenings/:id/door',
  params: screeningParamsSchema,
  query: noQuery,
  response: doorListResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503, screening_not_found: 404 },
});

/** Staff: check a ticket in by its number or its scanned QR code (a second check-in says so). */
export const staffCheckInEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'POST',
  path: '/staff/screenings/:id/check-in',
  params: screeningParamsSchema,
  query: noQuery,
  body: checkInRequestSchema,
  response: checkInResponseSchema,
  errors: { ...STAFF_WRITE_ERRORS, screening_not_found: 404, ticket_not_found: 404, invalid_qr: 400 },
});

/** Admins: the cinema service's audit events (screening changes, cancellations, check-ins), newest first; /admin/audit merges them. */
export const listCinemaAuditEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'cinema',
  method: 'GET',
  path: '/audit',
  query: auditListQuerySchema,
  response: auditListResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503, invalid_request: 400 },
});

/** Every cinema endpoint, for the mocks and the service's route table. */
export const cinemaEndpoints = {
  getStatus: getCinemaStatusEndpoint,
  getMemberView: getCinemaMemberViewEndpoint,
  createBooking: createCinemaBookingEndpoint,
  resendTickets: resendCinemaTicketsEndpoint,
  cancelBooking: cancelCinemaBookingEndpoint,
  joinWaitlist: joinCinemaWaitlistEndpoint,
  leaveWaitlist: leaveCinemaWaitlistEndpoint,
  listScreenings: staffListScreeningsEndpoint,
  updateScreening: staffUpdateScreeningEndpoint,
  cancelScreening: staffCancelScreeningEndpoint,
  doorList: staffDoorListEndpoint,
  checkIn: staffCheckInEndpoint,
  listAudit: listCinemaAuditEndpoint,
} as const;
