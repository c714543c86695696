import { defineEndpoint, noQuery, STAFF_WRITE_ERRORS } from '../endpoint';
import {
  createSecretWordRequestSchema,
  secretWordListResponseSchema,
  secretWordParamsSchema,
  secretWordRowSchema,
  updateSecretWordRequestSchema,
} from '../secret-words';

// The secret words (spec 001 §3, §4): the members' beer reveal reads them, staff add and retire
// them. Apart from the public content reads, so the shared content client stays small.

/** The active secret words, oldest first (private, revalidated on every read). */
export const listSecretWordsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/secret-words',
  query: noQuery,
  response: secretWordListResponseSchema,
});

/** Adds a secret word (staff, admin). */
export const createSecretWordEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/secret-words',
  query: noQuery,
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
  query: noQuery,
  body: updateSecretWordRequestSchema,
  response: secretWordRowSchema,
  errors: { ...STAFF_WRITE_ERRORS, secret_word_not_found: 404 },
});
