/**
 * Runs the identity service on its own: `node --import tsx services/identity/src/main.ts` (port 3102).
 * Without MONGODB_URI it starts the embedded store in-process. Standalone there is no newsletter
 * service in the process, so `member` is always false here; the gateway injects the real check.
 */
import { runStandaloneService } from '@croft/service-kit';
import { identityConfigSchema, identityServiceConfig } from './config';
import { createIdentityService } from './identity-service';

runStandaloneService({
  name: 'identity',
  configSchema: identityConfigSchema,
  async create({ config, db, logger, mailer }) {
    logger.warn('standalone identity: no newsletter service in this process, so member is always false');
    const identity = createIdentityService({
      db,
      mailer,
      logger,
      config: identityServiceConfig(config),
      isActiveSubscriber: async () => false,
    });
    await identity.seed();
    return identity.router;
  },
});
