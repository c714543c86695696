/**
 * Runs the venue service on its own: `node --import tsx services/venue/src/main.ts`.
 * Without MONGODB_URI it starts the embedded store in-process; mail goes to SMTP_URL (MailDev).
 * Staff tokens are checked against identity's JWKS at IDENTITY_JWKS_URL
 * (default `${PUBLIC_ORIGIN}/api/identity/.well-known/jwks.json`).
 */
import { identityIssuer, remoteJwksVerifier, runStandaloneService } from '@croft/service-kit';
import { venueConfigSchema } from './config';
import { createVenueService } from './venue-service';

runStandaloneService({
  name: 'venue',
  configSchema: venueConfigSchema,
  async create({ config, db, logger, mailer }) {
    const venue = createVenueService({
      db,
      mailer,
      logger,
      config: { venueEmail: config.VENUE_EMAIL },
      verifyAccessToken: remoteJwksVerifier({
        jwksUrl: config.IDENTITY_JWKS_URL ?? `${config.PUBLIC_ORIGIN}/api/identity/.well-known/jwks.json`,
        issuer: identityIssuer(config.PUBLIC_ORIGIN),
      }),
    });
    await venue.seed();
    return venue.router;
  },
});
