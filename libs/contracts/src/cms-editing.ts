import * as z from 'zod/mini';
import { PAGE_KEYS } from './constants';
import { cmsKeySchema, cmsTextDataSchema } from './cms';

// ---------------------------------------------------------------------------------------------
// Editing CMS text (spec 000 §3–§5, §7–§9; issue 11): drafts, publishing, scheduled publishes,
// history, conflicts and presence. Only editors (role editor or admin) reach these endpoints;
// visitors keep reading published rows through cms.ts.
//
// The model: every save inserts a new, immutable version of one text with the next revision
// (1, 2, 3 …; unique per text). A version is a draft (published false) until published. What
// visitors see is the newest published version; the text's pending draft is its newest version
// when that one is unpublished. A save names the revision it started from (`base_revision`):
// if the text has moved on since (someone else saved, published, restored or discarded), the save
// is refused with 409 edit_conflict and nothing is written. No edit is ever lost silently.
// ---------------------------------------------------------------------------------------------

/** The pseudo-page of site-wide text: writes go to cms_global_content (spec 000 §3). */
export const GLOBAL_CMS_PAGE = 'global';
/** Section name of a global text (global rows have content_key only). */
export const GLOBAL_CMS_SECTION = 'global';

export const EDITABLE_PAGES = [...PAGE_KEYS, GLOBAL_CMS_PAGE] as const;
export type EditablePage = (typeof EDITABLE_PAGES)[number];

/** The editor popup (spec 000 §9). */
export const EDITOR_POPUP_WIDTH = 300;
export const EDITOR_POPUP_MARGIN = 20;
/** Text longer than this, or with a newline, gets the multi-line editor. */
export const EDITOR_MULTILINE_THRESHOLD = 100;
/** The margin steps' names in the popup, in order (values MARGIN_STEPS '0', '1', '2', '4', '8'). */
export const MARGIN_STEP_LABELS = { '0': 'None', '1': 'Small', '2': 'Medium', '4': 'Large', '8': 'X-Large' } as const;

/** The toasts (spec 000 §8). 'Error: ' + message, or 'Unknown error'. */
export const CMS_SAVED_TOAST = { title: 'Content Saved', description: 'Your changes have been saved as draft.' } as const;
export const CMS_SAVE_FAILED_TITLE = 'Save Failed';
export const CMS_AUTH_REQUIRED_TOAST = {
  title: 'Authentication Required',
  description: 'You need to be logged in to edit content.',
} as const;
export function cmsSaveFailedDescription(message: string | undefined): string {
  return message ? `Error: ${message}` : 'Unknown error';
}
/** The window event announced after every successful save (spec 000 §4). */
export const DRAFT_CONTENT_CHANGED_EVENT = 'draft-content-changed';

/** Presence: an editor with a text open says so every PRESENCE_HEARTBEAT_MS; gone after PRESENCE_TTL_MS. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
export const PRESENCE_TTL_MS = 40_000;
/** At most this many texts published in one request. */
export const PUBLISH_BATCH_MAX = 500;
/** Longest a scheduled publish may lie ahead. */
export const SCHEDULE_MAX_DAYS_AHEAD = 366;

const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'must be an ISO date-time in UTC'));
const objectId = z.string().check(z.regex(/^[a-f0-9]{24}$/, 'must be a 24-character id'));
const revision = z.int().check(z.minimum(1), z.maximum(1_000_000_000));

/** One editable text: a page's (section, content_key), or a global content_key (section 'global'). */
export const textKeySchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
});
export type TextKey = z.infer<typeof textKeySchema>;

/** Who did something: the user id and, when known, their email (null for the seed). */
const actorSchema = z.strictObject({ id: z.string(), email: z.optional(z.string()) });
export type Actor = z.infer<typeof actorSchema>;

/** One version of one text, as editors see it. */
export const textVersionSchema = z.strictObject({
  id: z.string(),
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  revision,
  content_data: cmsTextDataSchema,
  published: z.boolean(),
  /** Who saved it; null for bundled (seeded) text. */
  created_by: z.nullable(actorSchema),
  updated_at: isoDateTime,
  /** Set once published. */
  published_at: z.optional(isoDateTime),
  published_by: z.optional(z.nullable(actorSchema)),
});
export type TextVersion = z.infer<typeof textVersionSchema>;

/** A publish waiting for its time. */
export const scheduledPublishSchema = z.strictObject({
  id: z.string(),
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  /** The draft revision that goes live. */
  revision,
  publish_at: isoDateTime,
  created_by: actorSchema,
  created_at: isoDateTime,
});
export type ScheduledPublish = z.infer<typeof scheduledPublishSchema>;

/** One text of a page in the editor's view: what is live, the pending draft, the schedule. */
export const editorTextEntrySchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  /** The newest published version (null: only the bundled text exists). */
  live: z.nullable(textVersionSchema),
  /** The pending draft: the newest version when it is unpublished. */
  draft: z.nullable(textVersionSchema),
  /** The revision a save must name as base_revision (0 when the text has no version yet). */
  head_revision: z.int().check(z.minimum(0)),
  scheduled: z.nullable(scheduledPublishSchema),
});
export type EditorTextEntry = z.infer<typeof editorTextEntrySchema>;

/** GET /api/content/editor/pages/:page/text: every stored text of a page (or of 'global'), drafts first, newest first. */
export const editorPageParamsSchema = z.strictObject({ page: z.enum(EDITABLE_PAGES) });
export const editorPageTextResponseSchema = z.strictObject({ items: z.array(editorTextEntrySchema) });
export type EditorPageTextResponse = z.infer<typeof editorPageTextResponseSchema>;

/** GET /api/content/editor/text?page&section&content_key: one text's entry (after a 409, to show theirs). */
export const editorTextQuerySchema = textKeySchema;

/** POST /api/content/editor/text: save a draft (always published false). */
export const saveDraftRequestSchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  content_data: cmsTextDataSchema,
  /** The head_revision the editor started from (0 for a text with no version yet). */
  base_revision: z.int().check(z.minimum(0), z.maximum(1_000_000_000)),
});
export type SaveDraftRequest = z.input<typeof saveDraftRequestSchema>;
export const saveDraftResponseSchema = z.strictObject({ version: textVersionSchema });
export type SaveDraftResponse = z.infer<typeof saveDraftResponseSchema>;

/** GET /api/content/editor/drafts: every pending draft of the site, newest first, with what is live (for the diff). */
export const pendingDraftsResponseSchema = z.strictObject({ items: z.array(editorTextEntrySchema) });
export type PendingDraftsResponse = z.infer<typeof pendingDraftsResponseSchema>;

/**
 * POST /api/content/editor/publish: publish the named drafts now. Each names the draft revision
 * the editor reviewed; a text whose draft has moved on is not published and comes back in
 * `conflicts` (the others still go live).
 */
export const publishRequestSchema = z.strictObject({
  items: z.array(z.strictObject({ page: z.enum(EDITABLE_PAGES), section: cmsKeySchema, content_key: cmsKeySchema, revision })).check(
    z.minLength(1),
    z.maxLength(PUBLISH_BATCH_MAX),
  ),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;
export const publishResponseSchema = z.strictObject({
  published: z.array(textVersionSchema),
  conflicts: z.array(textKeySchema),
});
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/** POST /api/content/editor/discard: drop a text's pending draft (names the revision reviewed). */
export const discardDraftRequestSchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  revision,
});
export type DiscardDraftRequest = z.infer<typeof discardDraftRequestSchema>;
export const discardDraftResponseSchema = z.strictObject({ entry: editorTextEntrySchema });

/** GET /api/content/editor/history?page&section&content_key: every published version, newest first. */
export const textHistoryResponseSchema = z.strictObject({ items: z.array(textVersionSchema) });
export type TextHistoryResponse = z.infer<typeof textHistoryResponseSchema>;

/** POST /api/content/editor/restore: a new draft with an earlier version's content (a save: base_revision applies). */
export const restoreVersionRequestSchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  /** The published revision to bring back. */
  revision,
  base_revision: z.int().check(z.minimum(0), z.maximum(1_000_000_000)),
});
export type RestoreVersionRequest = z.infer<typeof restoreVersionRequestSchema>;

/** POST /api/content/editor/schedules: publish a draft revision at a time (in the future, ≤ SCHEDULE_MAX_DAYS_AHEAD). */
export const schedulePublishRequestSchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  revision,
  publish_at: isoDateTime,
});
export type SchedulePublishRequest = z.infer<typeof schedulePublishRequestSchema>;
export const scheduledPublishListResponseSchema = z.strictObject({ items: z.array(scheduledPublishSchema) });
export type ScheduledPublishListResponse = z.infer<typeof scheduledPublishListResponseSchema>;
/** DELETE /api/content/editor/schedules/:id: cancel before it runs. */
export const scheduleParamsSchema = z.strictObject({ id: objectId });
export const cancelScheduleResponseSchema = z.strictObject({ cancelled: z.literal(true) });

/** POST /api/content/editor/presence: "I have this text open" (heartbeat); answers who else has. */
export const presenceRequestSchema = z.strictObject({
  page: z.enum(EDITABLE_PAGES),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  /** false when the popup closes (leaves at once instead of after the TTL). */
  open: z.boolean(),
});
export type PresenceRequest = z.infer<typeof presenceRequestSchema>;
export const presenceResponseSchema = z.strictObject({
  /** The other editors with this text open, by email. */
  others: z.array(z.strictObject({ email: z.string(), since: isoDateTime })),
});
export type PresenceResponse = z.infer<typeof presenceResponseSchema>;

/** GET /api/content/editor/activity: recent changes for the /cms home (newest first). */
export const editorActivityQuerySchema = z.strictObject({
  limit: z.optional(
    z.string().check(
      z.regex(/^\d{1,3}$/, 'must be a whole number'),
      z.refine((v) => Number(v) >= 1 && Number(v) <= 100, 'must be from 1 to 100'),
    ),
  ),
});
export const editorActivityResponseSchema = z.strictObject({ items: z.array(textVersionSchema) });
