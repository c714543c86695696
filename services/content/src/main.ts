/**
 * Runs the content service on its own: `node --import tsx services/content/src/main.ts`.
 * Without MONGODB_URI it starts the embedded store in-process.
 */
import { identityIssuer, remoteJwksVerifier, runStandaloneService } from '@croft/service-kit';
import { contentConfigSchema } from './config';
import { createContentService } from './content-service';

runStandaloneService({
  name: 'content',
  configSchema: contentConfigSchema,
  async create({ config, db, logger }) {
    const verifyAccessToken = config.IDENTITY_JWKS_URL
      ? remoteJwksVerifier({ jwksUrl: config.IDENTITY_JWKS_URL, issuer: identityIssuer(config.PUBLIC_ORIGIN) })
      : undefined;
    if (!verifyAccessToken) logger.info('IDENTITY_JWKS_URL is not set: staff secret-word routes answer 503 not_configured');
    const content = createContentService({ db, logger, verifyAccessToken });
    await content.seed();
    return content.router;
  },
});
