import * as z from 'zod/mini';

// ── secret words (spec 001 §3, §4) ─────────────────────────────────────────────────────────

export const SECRET_WORD_MAX_LENGTH = 40;
/** What a word must be, in words: shown by the staff screen and sent by the service on a 400. */
export const SECRET_WORD_RULE = 'must be letters, with single spaces or hyphens between them';
export const SECRET_WORD_TOO_LONG = `must be at most ${SECRET_WORD_MAX_LENGTH} characters`;
export const SECRET_WORD_REQUIRED = 'is required';
/** 1–40 characters: letters, single spaces and hyphens between letters. */
export const secretWordSchema = z.string().check(
  z.minLength(1, SECRET_WORD_REQUIRED),
  z.maxLength(SECRET_WORD_MAX_LENGTH, SECRET_WORD_TOO_LONG),
  z.regex(/^\p{L}+(?:[ -]\p{L}+)*$/u, SECRET_WORD_RULE),
);

/** A secret_words row as staff see it. */
export const secretWordRowSchema = z.strictObject({
  id: z.string(),
  word: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type SecretWordRow = z.infer<typeof secretWordRowSchema>;

/** GET /api/content/secret-words: the active words in the staff's order (the word of the day picks by it). */
export const secretWordListResponseSchema = z.strictObject({ items: z.array(z.string()) });
export type SecretWordListResponse = z.infer<typeof secretWordListResponseSchema>;

/**
 * GET /api/content/secret-words/all (editor, staff, admin): every word, the active ones first in
 * the members' order, then the retired ones.
 */
export const secretWordStaffListResponseSchema = z.strictObject({ items: z.array(secretWordRowSchema) });
export type SecretWordStaffListResponse = z.infer<typeof secretWordStaffListResponseSchema>;

/** POST /api/content/secret-words (editor, staff, admin): the new word goes to the end of the list. */
export const createSecretWordRequestSchema = z.strictObject({ word: secretWordSchema });
export type CreateSecretWordRequest = z.infer<typeof createSecretWordRequestSchema>;

/**
 * PATCH /api/content/secret-words/:id (editor, staff, admin): retire (false) or bring back (true;
 * it goes to the end of the list). Setting what it already is changes nothing.
 */
export const updateSecretWordRequestSchema = z.strictObject({ is_active: z.boolean() });
export type UpdateSecretWordRequest = z.infer<typeof updateSecretWordRequestSchema>;

export const secretWordIdSchema = z.string().check(z.regex(/^[0-9a-f]{24}$/, 'must be a secret word id'));

export const secretWordParamsSchema = z.strictObject({ id: secretWordIdSchema });

/** The most ids a reorder may name. */
export const SECRET_WORD_ORDER_MAX = 1000;

/**
 * PUT /api/content/secret-words/order (editor, staff, admin): the ids of every active word, each
 * once, in their new order. A list that is not exactly the active words is refused (409
 * secret_word_order_mismatch) and nothing changes.
 */
export const reorderSecretWordsRequestSchema = z.strictObject({
  ids: z.array(secretWordIdSchema).check(
    z.maxLength(SECRET_WORD_ORDER_MAX),
    z.refine((ids) => new Set(ids).size === ids.length, 'must not name a word twice'),
  ),
});
export type ReorderSecretWordsRequest = z.infer<typeof reorderSecretWordsRequestSchema>;

/** The 409 of a reorder whose ids are not exactly the active words. */
export const SECRET_WORD_ORDER_MISMATCH_MESSAGE =
  'The list of words has changed since you loaded it (someone added, retired or brought one back). Nothing was moved: look at the list again and reorder it.';
