import * as z from 'zod/mini';
import { PAGE_KEYS } from './constants';

// ---------------------------------------------------------------------------------------------
// Editing the FAQ (spec 001 §2 /cms/faq/{page}, §7 cms_faq_content; issue 11), for role editor or
// admin. Editors see every row of a page, drafts (published false) included; visitors keep reading
// the published rows only, in order, through GET /faq (content.ts).
//
// The model: a row is a question and its answer on one page, at a place in the page's order
// (sort_order), published or not. New rows start unpublished at the end of the list. Every change
// to a row (its text, publishing, unpublishing) bumps its `version`, and every write to one row
// names the version the editor started from: a write over someone else's newer change is refused
// with 409 edit_conflict and nothing is written. Editing a published row changes what visitors see
// at once (there is no separate draft of a live row: unpublish it first to work on it unseen).
// A reorder names every row of the page exactly once (else 409 faq_order_mismatch).
// ---------------------------------------------------------------------------------------------

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 3000;
/** At most this many questions on one page (drafts included). */
export const FAQ_PAGE_MAX = 100;

/** The rules in words: the editor shows them, the service and the mocks send them on a 400. */
export const FAQ_TEXT_REQUIRED = 'is required';
export const FAQ_QUESTION_TOO_LONG = `must be at most ${FAQ_QUESTION_MAX} characters`;
export const FAQ_ANSWER_TOO_LONG = `must be at most ${FAQ_ANSWER_MAX} characters`;
export const FAQ_QUESTION_RULE = 'must be one line of text, without control characters';
export const FAQ_ANSWER_RULE = 'must be text and new lines, without other control characters';

// Control characters (C0, DEL, C1) and the Unicode line/paragraph separators.
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// The same, newline (\n) allowed.
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** A question: trimmed, 1–300 characters, one line. */
export const faqQuestionSchema = z.string().check(
  z.trim(),
  z.minLength(1, FAQ_TEXT_REQUIRED),
  z.maxLength(FAQ_QUESTION_MAX, FAQ_QUESTION_TOO_LONG),
  z.refine((v) => !ANY_CONTROL.test(v), FAQ_QUESTION_RULE),
);
/** An answer: trimmed, 1–3000 characters, new lines allowed. */
export const faqAnswerSchema = z.string().check(
  z.trim(),
  z.minLength(1, FAQ_TEXT_REQUIRED),
  z.maxLength(FAQ_ANSWER_MAX, FAQ_ANSWER_TOO_LONG),
  z.refine((v) => !CONTROL_BUT_NEWLINE.test(v), FAQ_ANSWER_RULE),
);

export const faqIdSchema = z.string().check(z.regex(/^[0-9a-f]{24}$/, 'must be a FAQ row id'));
const faqVersion = z.int().check(z.minimum(1), z.maximum(1_000_000_000));
const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'must be an ISO date-time in UTC'));

/** One FAQ row as editors see it. */
export const faqEditorRowSchema = z.strictObject({
  id: z.string(),
  page: z.enum(PAGE_KEYS),
  question: z.string(),
  answer: z.string(),
  sort_order: z.int(),
  published: z.boolean(),
  /** Counts the row's changes; a write to the row names the version it started from. */
  version: z.int().check(z.minimum(1)),
  updated_at: isoDateTime,
});
export type FaqEditorRow = z.infer<typeof faqEditorRowSchema>;

/** GET /api/content/editor/faq/pages/:page: every row of the page in display order, drafts included. */
export const faqEditorPageParamsSchema = z.strictObject({ page: z.enum(PAGE_KEYS) });
export const faqEditorListResponseSchema = z.strictObject({ items: z.array(faqEditorRowSchema) });
export type FaqEditorListResponse = z.infer<typeof faqEditorListResponseSchema>;

/** POST /api/content/editor/faq: a new question, unpublished, at the end of the page's list. */
export const createFaqRequestSchema = z.strictObject({
  page: z.enum(PAGE_KEYS),
  question: faqQuestionSchema,
  answer: faqAnswerSchema,
});
export type CreateFaqRequest = z.input<typeof createFaqRequestSchema>;

export const faqRowParamsSchema = z.strictObject({ id: faqIdSchema });

/** PATCH /api/content/editor/faq/items/:id: new text over `version` (one of question, answer, or both). */
export const updateFaqRequestSchema = z
  .strictObject({
    question: z.optional(faqQuestionSchema),
    answer: z.optional(faqAnswerSchema),
    version: faqVersion,
  })
  .check(z.refine((b) => b.question !== undefined || b.answer !== undefined, 'must change the question, the answer or both'));
export type UpdateFaqRequest = z.input<typeof updateFaqRequestSchema>;

/** PUT /api/content/editor/faq/items/:id/published: publish (true) or unpublish (false) over `version`. */
export const setFaqPublishedRequestSchema = z.strictObject({ published: z.boolean(), version: faqVersion });
export type SetFaqPublishedRequest = z.input<typeof setFaqPublishedRequestSchema>;

/** DELETE /api/content/editor/faq/items/:id?version=N: the version the editor saw. */
export const deleteFaqQuerySchema = z.strictObject({
  version: z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'must be the row’s version (a whole number)')),
});
export const deleteFaqResponseSchema = z.strictObject({ deleted: z.literal(true) });

/** The most ids a reorder may name. */
export const FAQ_ORDER_MAX = 500;

/**
 * PUT /api/content/editor/faq/pages/:page/order: the ids of every row of the page (drafts
 * included), each once, in their new order. A list that is not exactly the page's rows is
 * refused (409 faq_order_mismatch) and nothing moves.
 */
export const reorderFaqRequestSchema = z.strictObject({
  ids: z.array(faqIdSchema).check(
    z.minLength(1, 'must name the rows of the page'),
    z.maxLength(FAQ_ORDER_MAX),
    z.refine((ids) => new Set(ids).size === ids.length, 'must not name a row twice'),
  ),
});
export type ReorderFaqRequest = z.input<typeof reorderFaqRequestSchema>;

/** The messages of the FAQ editor's named errors (the service and the mocks send the same words). */
export const FAQ_ERROR_MESSAGES = {
  edit_conflict:
    'This question has changed since you opened it (someone else edited, published or unpublished it). Reload to see the newer version, then make your change again.',
  faq_not_found: 'This question no longer exists: someone may have deleted it. Reload the list.',
  faq_order_mismatch:
    'The list of questions has changed since you loaded it (someone added or deleted one). Nothing was moved: reload the list and reorder it again.',
  faq_question_exists: 'This page already has that question. Change the wording or edit the existing one.',
  faq_page_full: `A page can have at most ${FAQ_PAGE_MAX} questions. Delete one before adding another.`,
} as const;
