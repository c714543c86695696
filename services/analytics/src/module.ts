/**
 * The analytics service as a module (see ServiceModule in the service kit): the gateway lists it
 * after the services whose figures member analytics borrows, and `main.ts` runs it alone.
 */
import { capabilities, defineServiceModule, identityIssuer, optional, remoteJwksVerifier } from '@croft/service-kit';
import { analyticsConfigSchema } from './config';
import { createAnalyticsService } from './analytics-service';
import { ANALYTICS_ROLLUP_JOB } from './domain/rollup';

export const analyticsModule = defineServiceModule({
  name: 'analytics',
  configSchema: analyticsConfigSchema,
  jobs: [{ name: ANALYTICS_ROLLUP_JOB, description: 'every 10 minutes: rolls each finished London day (last 400 days) up into its daily aggregate, and again once it is final' }],
  needs: {
    verifyAccessToken: optional(capabilities.verifyAccessToken),
    membersByInterest: optional(capabilities.membersByInterest),
    loyaltyStats: optional(capabilities.loyaltyStats),
    cinemaStats: optional(capabilities.cinemaStats),
    gateUnlockStats: optional(capabilities.gateUnlockStats),
  },
  standalone({ config, logger }) {
    logger.warn('standalone analytics: newsletter, loyalty, cinema and identity figures are not reachable (null in member analytics)');
    if (!config.IDENTITY_JWKS_URL) {
      logger.info('IDENTITY_JWKS_URL is not set: dashboards answer 503 not_configured and every visitor is anonymous');
      return {};
    }
    return { verifyAccessToken: remoteJwksVerifier({ jwksUrl: config.IDENTITY_JWKS_URL, issuer: identityIssuer(config.PUBLIC_ORIGIN) }) };
  },
  create({ db, logger, clock, needs, jobs }) {
    const service = createAnalyticsService({
      db,
      logger,
      clock,
      jobs,
      verifyAccessToken: needs.verifyAccessToken,
      borrowed: { membersByInterest: needs.membersByInterest, loyaltyStats: needs.loyaltyStats, cinemaStats: needs.cinemaStats, gateUnlockStats: needs.gateUnlockStats },
    });
    return { router: service.router, seed: () => service.seed(), close: () => service.close(), provides: {} };
  },
});
