/**
 * The cinema service as a module (see ServiceModule in the service kit): the gateway lists it,
 * and `main.ts` runs it alone through the same composition.
 */
import { randomBytes } from 'node:crypto';
import { capabilities, defineServiceModule, identityIssuer, optional, remoteJwksVerifier } from '@croft/service-kit';
import { cinemaConfigSchema } from './config';
import { createCinemaService } from './cinema-service';
import { HOLD_EXPIRY_JOB } from './domain/waitlist';

export const cinemaModule = defineServiceModule({
  name: 'cinema',
  configSchema: cinemaConfigSchema,
  jobs: [{ name: HOLD_EXPIRY_JOB, description: "one per waiting-list offer, 12 h after it: a hold not taken ends and its seats go to the next member (once)" }],
  /** Members' routes verify identity's tokens (without a verifier: 503 not_configured); live membership from newsletter. */
  needs: { verifyAccessToken: optional(capabilities.verifyAccessToken), isActiveSubscriber: capabilities.isActiveSubscriber },
  /** Bookings and tickets made in a window, for staff analytics (in-process in the gateway). */
  provides: { cinemaStats: capabilities.cinemaStats },
  standalone({ config, logger }) {
    // Alone there is no newsletter service in the process: nobody is a member, so nobody books.
    logger.warn('standalone cinema: no newsletter service in this process, so nobody can book');
    const isActiveSubscriber = async () => false;
    if (!config.IDENTITY_JWKS_URL) {
      logger.info('IDENTITY_JWKS_URL is not set: cinema member routes answer 503 not_configured');
      return { isActiveSubscriber };
    }
    return {
      isActiveSubscriber,
      verifyAccessToken: remoteJwksVerifier({ jwksUrl: config.IDENTITY_JWKS_URL, issuer: identityIssuer(config.PUBLIC_ORIGIN) }),
    };
  },
  create({ config, db, logger, clock, mailer, needs, jobs }) {
    let qrSecret = config.CINEMA_QR_SECRET;
    if (!qrSecret) {
      logger.warn('CINEMA_QR_SECRET is not set: ticket QR codes are signed with a key of this process (set it so codes survive a restart)');
      qrSecret = randomBytes(32).toString('base64url');
    }
    const cinema = createCinemaService({
      db,
      logger,
      clock,
      mailer,
      isActiveSubscriber: needs.isActiveSubscriber,
      verifyAccessToken: needs.verifyAccessToken,
      qrSecret,
      capacity: config.CINEMA_CAPACITY,
      bookingsPerMinute: config.CINEMA_BOOKINGS_PER_MINUTE,
      jobs,
    });
    return { router: cinema.router, seed: () => cinema.seed(), close: () => cinema.close(), provides: { cinemaStats: (window) => cinema.cinema.stats(window) } };
  },
});
