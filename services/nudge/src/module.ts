/**
 * The nudge service as a module (see ServiceModule in the service kit): the gateway lists it, and
 * `main.ts` runs it alone through the same composition.
 */
import { capabilities, defineServiceModule, identityIssuer, optional, remoteJwksVerifier } from '@croft/service-kit';
import { nudgeConfigSchema } from './config';
import { NUDGE_RETRY_JOB, NUDGE_SEND_JOB } from './domain/nudges';
import { createNudgeService } from './nudge-service';

export const nudgeModule = defineServiceModule({
  name: 'nudge',
  configSchema: nudgeConfigSchema,
  jobs: [
    { name: NUDGE_SEND_JOB, description: 'one per nudge, at its time: sends it to its audience once (a repeated nudge schedules its next)' },
    { name: NUDGE_RETRY_JOB, description: 'one per retry round of a nudge: pushes answered 429/5xx/not at all, tried again with back-off' },
  ],
  /** auto-link and staff routes verify identity's tokens (without a verifier: 503 not_configured); live membership from newsletter. */
  needs: { verifyAccessToken: optional(capabilities.verifyAccessToken), isActiveSubscriber: capabilities.isActiveSubscriber },
  standalone({ config, logger }) {
    logger.warn("standalone nudge: no newsletter service in this process, so the 'members' audience is empty");
    const isActiveSubscriber = async () => false;
    if (!config.IDENTITY_JWKS_URL) {
      logger.info('IDENTITY_JWKS_URL is not set: auto-link and staff routes answer 503 not_configured');
      return { isActiveSubscriber };
    }
    return {
      isActiveSubscriber,
      verifyAccessToken: remoteJwksVerifier({ jwksUrl: config.IDENTITY_JWKS_URL, issuer: identityIssuer(config.PUBLIC_ORIGIN) }),
    };
  },
  create({ config, db, logger, clock, mailer, needs, jobs }) {
    const nudge = createNudgeService({
      db,
      logger,
      clock,
      mailer,
      jobs,
      publicOrigin: config.PUBLIC_ORIGIN,
      keyEncryptionSecret: config.KEY_ENCRYPTION_SECRET,
      vapidSubject: config.NUDGE_VAPID_SUBJECT,
      verifyAccessToken: needs.verifyAccessToken,
      isActiveSubscriber: needs.isActiveSubscriber,
    });
    return { router: nudge.router, seed: () => nudge.seed(), close: () => nudge.close(), provides: {} };
  },
});
