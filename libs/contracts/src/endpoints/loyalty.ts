import { defineEndpoint, noQuery, STAFF_ERRORS, STAFF_WRITE_ERRORS } from '../endpoint';
import {
  addLoyaltyEntryFieldsSchema,
  addLoyaltyEntryResponseSchema,
  deleteLoyaltyEntryResponseSchema,
  loyaltyCardParamsSchema,
  loyaltyCardViewSchema,
  loyaltyEntryParamsSchema,
  staffLoyaltyLookupQuerySchema,
  staffLoyaltyLookupResponseSchema,
  startLoyaltyCardResponseSchema,
  voidLoyaltyEntryRequestSchema,
} from '../loyalty';
import * as z from 'zod/mini';
import { auditListQuerySchema, auditListResponseSchema } from '../audit';

// The loyalty service (/api/loyalty, issue 12). Members' endpoints need a signed-in member (the
// loyalty remote's client); staff endpoints need role staff or admin (the loyalty team's admin
// panel). The model is described in loyalty.ts.

/** A signed-in member's errors. */
const MEMBER_ERRORS = { not_authenticated: 401, invalid_token: 401, auth_unavailable: 503, not_configured: 503 } as const;
const PHOTO_ERRORS = {
  photo_missing: 400,
  photo_type: 415,
  photo_too_large: 413,
  photo_unreadable: 422,
  storage_unavailable: 503,
} as const;

/** The member's open card and entries (card null when none yet), and their completed cards. */
export const getLoyaltyCardEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'GET',
  path: '/card',
  query: noQuery,
  response: loyaltyCardViewSchema,
  errors: MEMBER_ERRORS,
});

/** Starts the member's next card (regular or lucky7 by the rule); an open card is returned as it is. */
export const startLoyaltyCardEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'POST',
  path: '/cards',
  query: noQuery,
  response: startLoyaltyCardResponseSchema,
  errors: { ...MEMBER_ERRORS, not_subscriber: 403, membership_unavailable: 503 },
});

/** Adds a photo to a box (multipart: LOYALTY_FILE_FIELD and the fields of addLoyaltyEntryFieldsSchema). */
export const addLoyaltyEntryEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'POST',
  path: '/cards/:card_id/entries',
  params: loyaltyCardParamsSchema,
  query: noQuery,
  body: addLoyaltyEntryFieldsSchema,
  response: addLoyaltyEntryResponseSchema,
  status: 201,
  errors: {
    ...MEMBER_ERRORS,
    ...PHOTO_ERRORS,
    not_subscriber: 403,
    membership_unavailable: 503,
    card_not_found: 404,
    reward_box: 409,
    not_unlocked: 409,
    invalid_box: 400,
    lucky7_rewards_only: 409,
    box_taken: 409,
    duplicate_photo: 409,
    daily_limit: 429,
    rate_limited: 429,
  },
});

/** Deletes one of the member's entries and its photo; the card is incomplete again. */
export const deleteLoyaltyEntryEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'DELETE',
  path: '/entries/:id',
  params: loyaltyEntryParamsSchema,
  query: noQuery,
  response: deleteLoyaltyEntryResponseSchema,
  errors: { ...MEMBER_ERRORS, entry_not_found: 404 },
});

/** Staff: a member's cards by email, newest first. */
export const staffLoyaltyLookupEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'GET',
  path: '/staff/cards',
  query: staffLoyaltyLookupQuerySchema,
  response: staffLoyaltyLookupResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503, member_not_found: 404 },
});

/** Staff: voids an entry (its photo is removed, the card incomplete again), with a reason for the audit log. */
export const staffVoidLoyaltyEntryEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'POST',
  path: '/staff/entries/:id/void',
  params: loyaltyEntryParamsSchema,
  query: noQuery,
  body: voidLoyaltyEntryRequestSchema,
  response: z.strictObject({ voided: z.literal(true) }),
  errors: { ...STAFF_WRITE_ERRORS, entry_not_found: 404 },
});

/** Admins: the loyalty service's audit events (voids), newest first; /admin/audit merges them. */
export const listLoyaltyAuditEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'loyalty',
  method: 'GET',
  path: '/audit',
  query: auditListQuerySchema,
  response: auditListResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503, invalid_request: 400 },
});

export const loyaltyEndpoints = {
  getCard: getLoyaltyCardEndpoint,
  startCard: startLoyaltyCardEndpoint,
  addEntry: addLoyaltyEntryEndpoint,
  deleteEntry: deleteLoyaltyEntryEndpoint,
} as const;

export const loyaltyStaffEndpoints = {
  lookup: staffLoyaltyLookupEndpoint,
  voidEntry: staffVoidLoyaltyEntryEndpoint,
  listAudit: listLoyaltyAuditEndpoint,
} as const;

