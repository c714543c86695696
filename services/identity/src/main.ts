/**
 * Runs the identity service on its own: `node --import tsx services/identity/src/main.ts` (port 3102).
 * Without MONGODB_URI it starts the embedded store in-process. Standalone there is no newsletter
 * service in the process, so `member` is always false here; the gateway injects the real check.
 */
import {
  connectMongo,
  createLogger,
  createMailer,
  createServiceApp,
  isHttpsOrigin,
  listen,
  loadConfigOrExit,
  stopOnSignals,
} from '@croft/service-kit';
import { identityConfigSchema } from './config';
import { createIdentityService } from './identity-service';

const config = loadConfigOrExit(identityConfigSchema);
const logger = createLogger({ name: 'identity', level: config.LOG_LEVEL });

async function main(): Promise<void> {
  const mongo = await connectMongo({
    uri: config.MONGODB_URI,
    dbName: config.MONGODB_DB,
    embedded: { dataFile: config.EMBEDDED_MONGO_DATA },
    logger,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  logger.warn('standalone identity: no newsletter service in this process, so member is always false');
  const identity = createIdentityService({
    db: mongo.connection,
    mailer,
    logger,
    config: {
      publicOrigin: config.PUBLIC_ORIGIN,
      adminEmail: config.ADMIN_EMAIL,
      codePepper: config.CODE_PEPPER,
      keyEncryptionSecret: config.KEY_ENCRYPTION_SECRET,
      staffDomains: config.STAFF_DOMAINS,
      secretKitchenEmails: config.SECRET_KITCHEN_EMAILS,
    },
    isActiveSubscriber: async () => false,
  });
  await identity.seed();

  const app = createServiceApp({
    name: 'identity',
    router: identity.router,
    logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    security: { https: isHttpsOrigin(config.PUBLIC_ORIGIN) },
    trustProxy: config.NODE_ENV === 'production' ? 1 : undefined,
  });
  const server = await listen(app, config.PORT, config.HOST);
  logger.info({ url: `${server.url}/api/identity` }, 'identity service listening');

  stopOnSignals(
    logger,
    () => server.close(),
    async () => mailer.close(),
    () => mongo.stop(),
  );
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'identity service failed to start');
  process.exit(1);
});
