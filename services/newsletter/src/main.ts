/**
 * Runs the newsletter service on its own: `node --import tsx services/newsletter/src/main.ts`.
 * Without MONGODB_URI it starts the embedded store in-process; mail goes to SMTP_URL (MailDev).
 */
import { isHttpsOrigin, runStandaloneService } from '@croft/service-kit';
import { newsletterConfigSchema } from './config';
import { createNewsletterService } from './newsletter-service';

runStandaloneService({
  name: 'newsletter',
  configSchema: newsletterConfigSchema,
  create({ config, db, logger, mailer }) {
    if (!isHttpsOrigin(config.PUBLIC_ORIGIN)) {
      logger.warn('PUBLIC_ORIGIN is not https: mail clients ignore one-click List-Unsubscribe URLs that are not https');
    }
    return createNewsletterService({
      db,
      mailer,
      logger,
      publicOrigin: config.PUBLIC_ORIGIN,
      unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
      internalToken: config.INTERNAL_API_TOKEN,
    }).router;
  },
});
