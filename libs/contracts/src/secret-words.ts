import * as z from 'zod/mini';

// ── secret words (spec 001 §3, §4) ─────────────────────────────────────────────────────────

export const SECRET_WORD_MAX_LENGTH = 40;
/** 1–40 characters: letters, single spaces and hyphens between letters. */
export const secretWordSchema = z.string().check(
  z.minLength(1),
  z.maxLength(SECRET_WORD_MAX_LENGTH),
  z.regex(/^\p{L}+(?:[ -]\p{L}+)*$/u, 'must be letters, with single spaces or hyphens between them'),
);

/** A secret_words row as staff see it. */
export const secretWordRowSchema = z.strictObject({
  id: z.string(),
  word: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type SecretWordRow = z.infer<typeof secretWordRowSchema>;

/** GET /api/content/secret-words: the active words, oldest first. */
export const secretWordListResponseSchema = z.strictObject({ items: z.array(z.string()) });
export type SecretWordListResponse = z.infer<typeof secretWordListResponseSchema>;

/** POST /api/content/secret-words (staff, admin) */
export const createSecretWordRequestSchema = z.strictObject({ word: secretWordSchema });
export type CreateSecretWordRequest = z.infer<typeof createSecretWordRequestSchema>;

/** PATCH /api/content/secret-words/:id (staff, admin): retire (false) or bring back (true). */
export const updateSecretWordRequestSchema = z.strictObject({ is_active: z.boolean() });
export type UpdateSecretWordRequest = z.infer<typeof updateSecretWordRequestSchema>;

export const secretWordParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[0-9a-f]{24}$/, 'must be a secret word id')),
});
