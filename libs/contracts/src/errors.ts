import { z } from 'zod';

/** Every service answers failures with this envelope and a matching HTTP status. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string().regex(/^[a-z][a-z0-9_]*$/),
    message: z.string().min(1),
  }).strict(),
}).strict();
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
