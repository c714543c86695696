import { z } from 'zod';
import { LOYALTY_DAILY_CAP_DEFAULT } from '@croft/contracts';
import { baseConfigSchema } from '@croft/service-kit';
import { DEFAULT_UPLOADS_PER_MINUTE } from './http/loyalty-routes';

export const LOYALTY_DEFAULT_PORT = 3106;

/**
 * Common variables plus:
 * - LOYALTY_DAILY_CAP: photos one member may add per Europe/London day (default 3);
 * - LOYALTY_UPLOADS_PER_MINUTE: photo uploads one member may send per minute (default 20; a
 *   guard against scripts, well above any person at a counter);
 * - IDENTITY_JWKS_URL: standalone only, identity's JWKS for verifying members' tokens.
 */
export const loyaltyConfigSchema = baseConfigSchema(LOYALTY_DEFAULT_PORT).extend({
  LOYALTY_DAILY_CAP: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(50, { error: 'must be at most 50' })
    .default(LOYALTY_DAILY_CAP_DEFAULT),
  LOYALTY_UPLOADS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1000, { error: 'must be at most 1000' })
    .default(DEFAULT_UPLOADS_PER_MINUTE),
  IDENTITY_JWKS_URL: z.url({ error: 'must be a URL' }).optional(),
});

export type LoyaltyConfig = z.infer<typeof loyaltyConfigSchema>;
