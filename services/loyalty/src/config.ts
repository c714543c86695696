import { z } from 'zod';
import { LOYALTY_DAILY_CAP_DEFAULT } from '@croft/contracts';
import { baseConfigSchema } from '@croft/service-kit';

export const LOYALTY_DEFAULT_PORT = 3106;

/**
 * Common variables plus:
 * - LOYALTY_DAILY_CAP: photos one member may add per Europe/London day (default 3);
 * - IDENTITY_JWKS_URL: standalone only, identity's JWKS for verifying members' tokens.
 */
export const loyaltyConfigSchema = baseConfigSchema(LOYALTY_DEFAULT_PORT).extend({
  LOYALTY_DAILY_CAP: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(50, { error: 'must be at most 50' })
    .default(LOYALTY_DAILY_CAP_DEFAULT),
  IDENTITY_JWKS_URL: z.url({ error: 'must be a URL' }).optional(),
});

export type LoyaltyConfig = z.infer<typeof loyaltyConfigSchema>;
