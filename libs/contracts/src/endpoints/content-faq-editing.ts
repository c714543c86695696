import { defineEndpoint, noQuery, STAFF_WRITE_ERRORS } from '../endpoint';
import {
  createFaqRequestSchema,
  deleteFaqQuerySchema,
  deleteFaqResponseSchema,
  faqEditorListResponseSchema,
  faqEditorPageParamsSchema,
  faqEditorRowSchema,
  faqRowParamsSchema,
  reorderFaqRequestSchema,
  setFaqPublishedRequestSchema,
  updateFaqRequestSchema,
} from '../faq-editing';

// Editing the FAQ (issue 11, /cms/faq/{page}), for role editor or admin: the cms remote's FAQ
// editor. Never in a client that visitors load. The model is described in faq-editing.ts.

/** A signed-in editor's errors: sign-in, role, aal2 once they have an authenticator app, write limit. */
const FAQ_EDITOR_ERRORS = { ...STAFF_WRITE_ERRORS, aal2_required: 403 } as const;
const ROW_ERRORS = { ...FAQ_EDITOR_ERRORS, faq_not_found: 404, edit_conflict: 409 } as const;

/** Every row of a page in display order, drafts included. */
export const listFaqEditorRowsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/faq/pages/:page',
  params: faqEditorPageParamsSchema,
  query: noQuery,
  response: faqEditorListResponseSchema,
  errors: FAQ_EDITOR_ERRORS,
});

/** A new question (unpublished) at the end of the page's list → 201 the row. */
export const createFaqRowEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/faq',
  query: noQuery,
  body: createFaqRequestSchema,
  response: faqEditorRowSchema,
  status: 201,
  errors: { ...FAQ_EDITOR_ERRORS, faq_question_exists: 409, faq_page_full: 409 },
});

/** New question and/or answer over the version the editor started from (409 edit_conflict when stale). */
export const updateFaqRowEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PATCH',
  path: '/editor/faq/items/:id',
  params: faqRowParamsSchema,
  query: noQuery,
  body: updateFaqRequestSchema,
  response: faqEditorRowSchema,
  errors: { ...ROW_ERRORS, faq_question_exists: 409 },
});

/** Publishes or unpublishes a row over its version (409 edit_conflict when stale). */
export const setFaqRowPublishedEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PUT',
  path: '/editor/faq/items/:id/published',
  params: faqRowParamsSchema,
  query: noQuery,
  body: setFaqPublishedRequestSchema,
  response: faqEditorRowSchema,
  errors: ROW_ERRORS,
});

/** Deletes a row, naming the version the editor saw (409 edit_conflict when stale). */
export const deleteFaqRowEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'DELETE',
  path: '/editor/faq/items/:id',
  params: faqRowParamsSchema,
  query: deleteFaqQuerySchema,
  response: deleteFaqResponseSchema,
  errors: ROW_ERRORS,
});

/** Puts every row of a page in the given order (409 faq_order_mismatch unless the ids are exactly the page's rows). */
export const reorderFaqRowsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'PUT',
  path: '/editor/faq/pages/:page/order',
  params: faqEditorPageParamsSchema,
  query: noQuery,
  body: reorderFaqRequestSchema,
  response: faqEditorListResponseSchema,
  errors: { ...FAQ_EDITOR_ERRORS, faq_order_mismatch: 409 },
});

export const contentFaqEditingEndpoints = {
  listFaqEditorRows: listFaqEditorRowsEndpoint,
  createFaqRow: createFaqRowEndpoint,
  updateFaqRow: updateFaqRowEndpoint,
  setFaqRowPublished: setFaqRowPublishedEndpoint,
  deleteFaqRow: deleteFaqRowEndpoint,
  reorderFaqRows: reorderFaqRowsEndpoint,
} as const;
