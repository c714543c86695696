import { z } from 'zod';
import { baseConfigSchema } from '@croft/service-kit';

export const NUDGE_DEFAULT_PORT = 3108;

/**
 * Common variables plus:
 * - KEY_ENCRYPTION_SECRET: seals the VAPID private key at rest (the same variable identity uses
 *   for its signing keys, under nudge's own derived key). Required in production;
 * - NUDGE_VAPID_SUBJECT: the contact push services see in the VAPID token (mailto: or https:);
 * - IDENTITY_JWKS_URL: standalone only, identity's JWKS for verifying tokens.
 */
export const nudgeConfigSchema = baseConfigSchema(NUDGE_DEFAULT_PORT)
  .extend({
    KEY_ENCRYPTION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    NUDGE_VAPID_SUBJECT: z
      .string()
      .refine((value) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(value), { error: 'must be a mailto: address or an https: URL' })
      .default('mailto:hello@croftcommon.co.uk'),
    IDENTITY_JWKS_URL: z.url({ error: 'must be a URL' }).optional(),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.KEY_ENCRYPTION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['KEY_ENCRYPTION_SECRET'], message: 'is required in production' });
    }
  });

export type NudgeConfig = z.infer<typeof nudgeConfigSchema>;
