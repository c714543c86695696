import { defineEndpoint, noQuery, STAFF_WRITE_ERRORS } from '../endpoint';
import { auditListQuerySchema, auditListResponseSchema } from '../audit';
import {
  cancelScheduleResponseSchema,
  discardDraftRequestSchema,
  discardDraftResponseSchema,
  editorActivityQuerySchema,
  editorActivityResponseSchema,
  editorPageParamsSchema,
  editorPageTextResponseSchema,
  editorTextEntrySchema,
  editorTextQuerySchema,
  pendingDraftsResponseSchema,
  presenceRequestSchema,
  presenceResponseSchema,
  publishRequestSchema,
  publishResponseSchema,
  restoreVersionRequestSchema,
  saveDraftRequestSchema,
  saveDraftResponseSchema,
  scheduledPublishListResponseSchema,
  scheduledPublishSchema,
  scheduleParamsSchema,
  schedulePublishRequestSchema,
  textHistoryResponseSchema,
} from '../cms-editing';

// Editing CMS text (issue 11), for role editor or admin: the cms remote's overlay and screens.
// Never in a client that visitors load (the cms remote has its own editing client).

/** A signed-in editor's errors: sign-in, role, aal2 once they have an authenticator app, write limit. */
const EDITOR_ERRORS = { ...STAFF_WRITE_ERRORS, aal2_required: 403 } as const;
const CONFLICT = { edit_conflict: 409 } as const;

/** Every stored text of a page (or 'global'): live, pending draft, schedule; drafts first, newest first. */
export const getEditorPageTextEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/pages/:page/text',
  params: editorPageParamsSchema,
  query: noQuery,
  response: editorPageTextResponseSchema,
  errors: EDITOR_ERRORS,
});

/** One text's entry (after a 409, to show the newer version). */
export const getEditorTextEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/text',
  query: editorTextQuerySchema,
  response: editorTextEntrySchema,
  errors: EDITOR_ERRORS,
});

/** Saves a draft (published false) over base_revision: 201, or 409 edit_conflict when the text moved on. */
export const saveDraftEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/text',
  query: noQuery,
  body: saveDraftRequestSchema,
  response: saveDraftResponseSchema,
  status: 201,
  errors: { ...EDITOR_ERRORS, ...CONFLICT },
});

/** Every pending draft of the site, newest first, with what is live. */
export const listPendingDraftsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/drafts',
  query: noQuery,
  response: pendingDraftsResponseSchema,
  errors: EDITOR_ERRORS,
});

/** Publishes the named draft revisions now; a draft that moved on comes back in conflicts. */
export const publishDraftsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/publish',
  query: noQuery,
  body: publishRequestSchema,
  response: publishResponseSchema,
  errors: EDITOR_ERRORS,
});

/** Drops a text's pending draft (the revision reviewed): 409 when it moved on. */
export const discardDraftEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/discard',
  query: noQuery,
  body: discardDraftRequestSchema,
  response: discardDraftResponseSchema,
  errors: { ...EDITOR_ERRORS, ...CONFLICT, draft_not_found: 404 },
});

/** Every published version of one text, newest first. */
export const getTextHistoryEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/history',
  query: editorTextQuerySchema,
  response: textHistoryResponseSchema,
  errors: EDITOR_ERRORS,
});

/** A new draft with an earlier published version's content (a save: base_revision applies). */
export const restoreVersionEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/restore',
  query: noQuery,
  body: restoreVersionRequestSchema,
  response: saveDraftResponseSchema,
  status: 201,
  errors: { ...EDITOR_ERRORS, ...CONFLICT, version_not_found: 404 },
});

/** Schedules a draft revision to go live at publish_at (exactly once, whatever the instances). */
export const schedulePublishEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/schedules',
  query: noQuery,
  body: schedulePublishRequestSchema,
  response: scheduledPublishSchema,
  status: 201,
  errors: { ...EDITOR_ERRORS, ...CONFLICT, draft_not_found: 404, invalid_time: 400 },
});

export const listSchedulesEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/schedules',
  query: noQuery,
  response: scheduledPublishListResponseSchema,
  errors: EDITOR_ERRORS,
});

/** Cancels a scheduled publish before it runs (404 once it ran or was cancelled). */
export const cancelScheduleEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'DELETE',
  path: '/editor/schedules/:id',
  params: scheduleParamsSchema,
  query: noQuery,
  response: cancelScheduleResponseSchema,
  errors: { ...EDITOR_ERRORS, schedule_not_found: 404 },
});

/** "I have this text open": answers the other editors who have it open. */
export const editorPresenceEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'POST',
  path: '/editor/presence',
  query: noQuery,
  body: presenceRequestSchema,
  response: presenceResponseSchema,
  errors: EDITOR_ERRORS,
});

/** Recent saves and publishes across the site (the /cms home). */
export const listEditorActivityEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/editor/activity',
  query: editorActivityQuerySchema,
  response: editorActivityResponseSchema,
  errors: EDITOR_ERRORS,
});

/** The content service's audit events (admin). */
export const listContentAuditEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/audit',
  query: auditListQuerySchema,
  response: auditListResponseSchema,
  errors: { ...EDITOR_ERRORS },
});

export const contentEditingEndpoints = {
  getEditorPageText: getEditorPageTextEndpoint,
  getEditorText: getEditorTextEndpoint,
  saveDraft: saveDraftEndpoint,
  listPendingDrafts: listPendingDraftsEndpoint,
  publishDrafts: publishDraftsEndpoint,
  discardDraft: discardDraftEndpoint,
  getTextHistory: getTextHistoryEndpoint,
  restoreVersion: restoreVersionEndpoint,
  schedulePublish: schedulePublishEndpoint,
  listSchedules: listSchedulesEndpoint,
  cancelSchedule: cancelScheduleEndpoint,
  editorPresence: editorPresenceEndpoint,
  listEditorActivity: listEditorActivityEndpoint,
  listContentAudit: listContentAuditEndpoint,
} as const;
