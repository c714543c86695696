/**
 * Runs the newsletter service on its own: `node --import tsx services/newsletter/src/main.ts`.
 * Without MONGODB_URI it starts the embedded store in-process; mail goes to SMTP_URL (MailDev).
 */
import {
  connectMongo,
  createLogger,
  createMailer,
  createServiceApp,
  listen,
  stopOnSignals,
  isHttpsOrigin,
  loadConfigOrExit,
} from '@croft/service-kit';
import { newsletterConfigSchema } from './config';
import { createNewsletterService } from './newsletter-service';

const config = loadConfigOrExit(newsletterConfigSchema);
const logger = createLogger({ name: 'newsletter', level: config.LOG_LEVEL });

async function main(): Promise<void> {
  const mongo = await connectMongo({
    uri: config.MONGODB_URI,
    dbName: config.MONGODB_DB,
    embedded: { dataFile: config.EMBEDDED_MONGO_DATA },
    logger,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const newsletter = createNewsletterService({
    db: mongo.connection,
    mailer,
    logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
    internalToken: config.INTERNAL_API_TOKEN,
  });
  if (!isHttpsOrigin(config.PUBLIC_ORIGIN)) {
    logger.warn('PUBLIC_ORIGIN is not https: mail clients ignore one-click List-Unsubscribe URLs that are not https');
  }

  const app = createServiceApp({
    name: 'newsletter',
    router: newsletter.router,
    logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    security: { https: isHttpsOrigin(config.PUBLIC_ORIGIN) },
    trustProxy: config.NODE_ENV === 'production' ? 1 : undefined,
  });
  const server = await listen(app, config.PORT, config.HOST);
  logger.info({ url: `${server.url}/api/newsletter` }, 'newsletter service listening');

  stopOnSignals(
    logger,
    () => server.close(),
    async () => mailer.close(),
    () => mongo.stop(),
  );
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'newsletter service failed to start');
  process.exit(1);
});
