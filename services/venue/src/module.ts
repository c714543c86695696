/**
 * The venue service as a module (see ServiceModule in the service kit): the gateway lists it,
 * and `main.ts` runs it alone through the same composition.
 */
import { capabilities, defineServiceModule, identityIssuer, remoteJwksVerifier } from '@croft/service-kit';
import { venueConfigSchema } from './config';
import { MAIL_RETRY_JOB } from './domain/booking-mail';
import { RETENTION_SWEEP_JOB, createVenueService } from './venue-service';

export const venueModule = defineServiceModule({
  name: 'venue',
  configSchema: venueConfigSchema,
  /** Staff endpoints (bookings list, resend, donations) verify identity's access tokens. */
  needs: { verifyAccessToken: capabilities.verifyAccessToken },
  jobs: [
    { name: RETENTION_SWEEP_JOB, description: 'hourly: booking enquiries 12 months after their date, unpublished messages after 30 days' },
    { name: MAIL_RETRY_JOB, description: 'every 30 s: booking enquiry mail that failed, with back-off per copy' },
  ],
  standalone({ config }) {
    // Alone, staff tokens are checked against identity's published keys over HTTP.
    return {
      verifyAccessToken: remoteJwksVerifier({
        jwksUrl: config.IDENTITY_JWKS_URL ?? `${config.PUBLIC_ORIGIN}/api/identity/.well-known/jwks.json`,
        issuer: identityIssuer(config.PUBLIC_ORIGIN),
      }),
    };
  },
  create({ config, db, mailer, logger, clock, needs, jobs }) {
    const venue = createVenueService({
      db,
      mailer,
      logger,
      clock,
      jobs,
      config: { venueEmail: config.VENUE_EMAIL },
      verifyAccessToken: needs.verifyAccessToken,
    });
    return { router: venue.router, seed: () => venue.seed(), close: () => venue.close(), provides: {} };
  },
});
