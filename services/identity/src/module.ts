/**
 * The identity service as a module (see ServiceModule in the service kit): the gateway lists it,
 * and `main.ts` runs it alone through the same composition.
 */
import { capabilities, defineServiceModule } from '@croft/service-kit';
import { identityConfigSchema, identityServiceConfig } from './config';
import { createIdentityService } from './identity-service';

export const identityModule = defineServiceModule({
  name: 'identity',
  configSchema: identityConfigSchema,
  /** Membership is asked of the newsletter service live, on every GET /user, link and passkey session: never stored. */
  needs: { isActiveSubscriber: capabilities.isActiveSubscriber },
  /**
   * Other services verify access tokens with identity's keys, in-process (no HTTP round trip);
   * staff analytics reads the members' gates opened, by method (domain/gate-unlocks.ts).
   */
  provides: { verifyAccessToken: capabilities.verifyAccessToken, gateUnlockStats: capabilities.gateUnlockStats },
  standalone({ logger }) {
    // Alone there is no newsletter service in the process: nobody is a member.
    logger.warn('standalone identity: no newsletter service in this process, so member is always false');
    return { isActiveSubscriber: async () => false };
  },
  create({ config, db, mailer, logger, clock, needs }) {
    const identity = createIdentityService({
      db,
      mailer,
      logger,
      clock,
      config: identityServiceConfig(config),
      isActiveSubscriber: needs.isActiveSubscriber,
    });
    return {
      router: identity.router,
      seed: () => identity.seed(),
      provides: { verifyAccessToken: identity.verifyAccessToken, gateUnlockStats: (window) => identity.gateUnlockStats(window) },
    };
  },
});
