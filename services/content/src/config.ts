import { z } from 'zod';
import { baseConfigSchema, httpUrlSetting } from '@croft/service-kit';

export const CONTENT_DEFAULT_PORT = 3101;

/**
 * Common variables plus:
 * - IDENTITY_JWKS_URL: identity's key set (e.g. http://127.0.0.1:3102/api/identity/.well-known/jwks.json).
 *   Set → the staff routes verify bearer tokens against it (issuer `${PUBLIC_ORIGIN}/api/identity`);
 *   unset → they answer 503 not_configured. Inside the gateway the in-process verifier is passed instead.
 */
export const contentConfigSchema = baseConfigSchema(CONTENT_DEFAULT_PORT).extend({
  IDENTITY_JWKS_URL: httpUrlSetting('https://croftcommon.co.uk/api/identity/.well-known/jwks.json').optional(),
});

export type ContentConfig = z.infer<typeof contentConfigSchema>;
