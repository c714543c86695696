import { z } from 'zod';
import { CINEMA_CAPACITY_MAX, CINEMA_TICKETS_PER_MONTH } from '@croft/contracts';
import { baseConfigSchema } from '@croft/service-kit';

export const CINEMA_DEFAULT_PORT = 3107;

/**
 * Common variables plus:
 * - CINEMA_QR_SECRET: signs the tickets' QR codes (at least 32 characters). Unset: one per
 *   process, so codes from before a restart no longer scan (set it in production and keep it);
 * - CINEMA_CAPACITY: tickets a new month's screening has (default 50; staff change one screening's);
 * - CINEMA_BOOKINGS_PER_MINUTE: booking attempts per member per minute (default 10);
 * - IDENTITY_JWKS_URL: standalone only, identity's JWKS for verifying members' tokens.
 */
export const cinemaConfigSchema = baseConfigSchema(CINEMA_DEFAULT_PORT).extend({
  CINEMA_QR_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  CINEMA_CAPACITY: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(CINEMA_CAPACITY_MAX, { error: `must be at most ${CINEMA_CAPACITY_MAX}` })
    .default(CINEMA_TICKETS_PER_MONTH),
  CINEMA_BOOKINGS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(10_000, { error: 'must be at most 10000' })
    .default(10),
  IDENTITY_JWKS_URL: z.url({ error: 'must be a URL' }).optional(),
});

export type CinemaConfig = z.infer<typeof cinemaConfigSchema>;
