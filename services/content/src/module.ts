/**
 * The content service as a module (see ServiceModule in the service kit): the gateway lists it,
 * and `main.ts` runs it alone through the same composition.
 */
import { capabilities, defineServiceModule, identityIssuer, optional, remoteJwksVerifier } from '@croft/service-kit';
import { contentConfigSchema } from './config';
import { SCHEDULED_PUBLISH_JOB, createContentService } from './content-service';

export const contentModule = defineServiceModule({
  name: 'content',
  configSchema: contentConfigSchema,
  /** Staff secret-word and editing routes verify identity's tokens; without a verifier they answer 503 not_configured. */
  needs: { verifyAccessToken: optional(capabilities.verifyAccessToken) },
  jobs: [{ name: SCHEDULED_PUBLISH_JOB, description: 'one per scheduled publish, at its time: puts the scheduled draft revision live (once)' }],
  standalone({ config, logger }) {
    if (!config.IDENTITY_JWKS_URL) {
      logger.info('IDENTITY_JWKS_URL is not set: staff secret-word routes answer 503 not_configured');
      return {};
    }
    return {
      verifyAccessToken: remoteJwksVerifier({ jwksUrl: config.IDENTITY_JWKS_URL, issuer: identityIssuer(config.PUBLIC_ORIGIN) }),
    };
  },
  create({ db, logger, clock, needs, jobs, blobs }) {
    const content = createContentService({ db, logger, clock, jobs, blobs, verifyAccessToken: needs.verifyAccessToken });
    return { router: content.router, seed: () => content.seed(), close: () => content.close(), provides: {} };
  },
});
