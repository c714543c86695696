/**
 * The loyalty service as a module (see ServiceModule in the service kit): the gateway lists it,
 * and `main.ts` runs it alone through the same composition.
 */
import { capabilities, defineServiceModule, identityIssuer, optional, remoteJwksVerifier } from '@croft/service-kit';
import { loyaltyConfigSchema } from './config';
import { createLoyaltyService } from './loyalty-service';

export const loyaltyModule = defineServiceModule({
  name: 'loyalty',
  configSchema: loyaltyConfigSchema,
  /** Members' and staff routes verify identity's tokens (without a verifier: 503 not_configured); live membership from newsletter. */
  needs: { verifyAccessToken: optional(capabilities.verifyAccessToken), isActiveSubscriber: capabilities.isActiveSubscriber },
  /** Punches and rewards added in a window, for staff analytics (in-process in the gateway). */
  provides: { loyaltyStats: capabilities.loyaltyStats },
  standalone({ config, logger }) {
    // Alone there is no newsletter service in the process: nobody is a member, so no card starts.
    logger.warn('standalone loyalty: no newsletter service in this process, so nobody can start a card');
    const isActiveSubscriber = async () => false;
    if (!config.IDENTITY_JWKS_URL) {
      logger.info('IDENTITY_JWKS_URL is not set: loyalty routes answer 503 not_configured');
      return { isActiveSubscriber };
    }
    return {
      isActiveSubscriber,
      verifyAccessToken: remoteJwksVerifier({ jwksUrl: config.IDENTITY_JWKS_URL, issuer: identityIssuer(config.PUBLIC_ORIGIN) }),
    };
  },
  create({ config, db, logger, clock, needs, blobs, signBlobUrl }) {
    const loyalty = createLoyaltyService({
      db,
      logger,
      clock,
      blobs,
      signUrl: signBlobUrl,
      isActiveSubscriber: needs.isActiveSubscriber,
      verifyAccessToken: needs.verifyAccessToken,
      dailyCap: config.LOYALTY_DAILY_CAP,
      uploadsPerMinute: config.LOYALTY_UPLOADS_PER_MINUTE,
    });
    return { router: loyalty.router, seed: () => loyalty.seed(), close: () => loyalty.close(), provides: { loyaltyStats: (window) => loyalty.loyalty.stats(window) } };
  },
});
