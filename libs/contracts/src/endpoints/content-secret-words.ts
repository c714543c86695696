import { defineEndpoint, noQuery, STAFF_WRITE_ERRORS } from '../endpoint';
import {
  createSecretWordRequestSchema,
  reorderSecretWordsRequestSchema,
  secretWordListResponseSchema,
  secretWordParamsSchema,
  secretWordRowSchema,
  secretWordStaffListResponseSchema,
  updateSecretWordRequestSchema,
} from '../secret-words';

// The secret words (spec 001 §3, §4): the members' beer reveal reads them, editors and staff add,
// retire, bring back and reorder them. Apart from the public content reads, so the shared content
// client stays small; the staff calls are made by the cms remote only.

/** Who may manage the words (service and mocks check the same list). */
export const SECRET_WORD_MANAGER_ROLES = ['editor', 'staff', 'admin'] as const;

/** A signed-in manager's errors: sign-in, role, aal2 once they have an authenticator app, write limit. */
const MANAGER_ERRORS = { ...STAFF_WRITE_ERRORS, aal2_required: 403 } as const;

/** The active secret words in the staff's order (private, revalidated on every read). */
export const listSecretWordsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/secret-words',
  query: noQuery,
  response: secretWordListResponseSchema,
});

/** Every word with its id: the active ones in order, then the retired ones (editor, staff, admin). */
export const listAllSecretWordsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/secret-words/all',
  query: noQuery,
  response: secretWordStaffListResponseSchema,
  errors: MANAGER_ERRORS,
});

/** Adds a secret word at the end of the list (editor, staff, admin). */
export const createSecretWordEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/secret-words',
  query: noQuery,
  body: createSecretWordRequestSchema,
  response: secretWordRowSchema,
  status: 201,
  errors: { ...MANAGER_ERRORS, secret_word_exists: 409 },
});

/** Retires a secret word (is_active false) or brings it back at the end (editor, staff, admin). */
export const updateSecretWordEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PATCH',
  path: '/secret-words/:id',
  params: secretWordParamsSchema,
  query: noQuery,
  body: updateSecretWordRequestSchema,
  response: secretWordRowSchema,
  errors: { ...MANAGER_ERRORS, secret_word_not_found: 404 },
});

/** Puts the active words in a new order (all of them, each once) → the staff list (editor, staff, admin). */
export const reorderSecretWordsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PUT',
  path: '/secret-words/order',
  query: noQuery,
  body: reorderSecretWordsRequestSchema,
  response: secretWordStaffListResponseSchema,
  errors: { ...MANAGER_ERRORS, secret_word_order_mismatch: 409 },
});

/** Every secret-word endpoint (the service mounts these; mocks answer them). */
export const contentSecretWordEndpoints = {
  listSecretWords: listSecretWordsEndpoint,
  listAllSecretWords: listAllSecretWordsEndpoint,
  createSecretWord: createSecretWordEndpoint,
  updateSecretWord: updateSecretWordEndpoint,
  reorderSecretWords: reorderSecretWordsEndpoint,
} as const;
