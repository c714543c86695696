import { z } from 'zod';
import { baseConfigSchema } from '@croft/service-kit';

export const VENUE_DEFAULT_PORT = 3104;
export const DEFAULT_VENUE_EMAIL = 'bookings@croftcommon.co.uk';

/**
 * Common variables plus:
 * - VENUE_EMAIL: where booking enquiries are sent (default bookings@croftcommon.co.uk);
 * - IDENTITY_JWKS_URL: identity's JWKS for staff tokens when run alone
 *   (default `${PUBLIC_ORIGIN}/api/identity/.well-known/jwks.json`).
 */
export const venueConfigSchema = baseConfigSchema(VENUE_DEFAULT_PORT).extend({
  VENUE_EMAIL: z
    .string()
    .regex(/^[^\s<>@?&]+@[^\s<>@?&]+\.[^\s<>@?&]+$/, { error: 'must be a plain address such as bookings@croftcommon.co.uk' })
    .default(DEFAULT_VENUE_EMAIL),
  IDENTITY_JWKS_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:3102/api/identity/.well-known/jwks.json' }).optional(),
});

export type VenueConfig = z.infer<typeof venueConfigSchema>;
