import { z } from 'zod';
import { baseConfigSchema } from '@croft/service-kit';

export const ANALYTICS_DEFAULT_PORT = 3109;

/**
 * Common variables plus:
 * - IDENTITY_JWKS_URL: standalone only, identity's JWKS for verifying tokens (without it the
 *   dashboards answer 503 not_configured and every visitor is anonymous).
 */
export const analyticsConfigSchema = baseConfigSchema(ANALYTICS_DEFAULT_PORT).extend({
  IDENTITY_JWKS_URL: z.url({ error: 'must be a URL' }).optional(),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
