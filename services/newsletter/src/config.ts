import { z } from 'zod';
import { baseConfigSchema } from '@croft/service-kit';

export const NEWSLETTER_DEFAULT_PORT = 3103;

/**
 * Common variables plus:
 * - UNSUBSCRIBE_MAILTO: the mailto address in List-Unsubscribe (default unsubscribe@croftcommon.co.uk);
 * - INTERNAL_API_TOKEN: enables POST /internal/member-check for callers sending it in
 *   `x-internal-token` (at least 32 characters); unset = that route answers 404;
 * - NEWSLETTER_SUBSCRIBES_PER_IP: sign-ups one connection may attempt per 10 minutes (default 10;
 *   raise it where many people share one address, such as a venue's own Wi-Fi or a test run).
 */
export const newsletterConfigSchema = baseConfigSchema(NEWSLETTER_DEFAULT_PORT).extend({
  UNSUBSCRIBE_MAILTO: z
    .string()
    .regex(/^[^\s<>@?&]+@[^\s<>@?&]+\.[^\s<>@?&]+$/, { error: 'must be a plain address such as unsubscribe@croftcommon.co.uk' })
    .default('unsubscribe@croftcommon.co.uk'),
  INTERNAL_API_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  NEWSLETTER_SUBSCRIBES_PER_IP: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(10_000, { error: 'must be at most 10000' })
    .optional(),
});

export type NewsletterConfig = z.infer<typeof newsletterConfigSchema>;
