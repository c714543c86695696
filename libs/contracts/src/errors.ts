import * as z from 'zod/mini';

/** Every service answers failures with this envelope and a matching HTTP status. */
export const errorEnvelopeSchema = z.strictObject({
  error: z.strictObject({
    code: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)),
    message: z.string().check(z.minLength(1)),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
