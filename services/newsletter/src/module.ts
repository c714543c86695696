/**
 * The newsletter service as a module (see ServiceModule in the service kit): the gateway lists it,
 * and `main.ts` runs it alone through the same composition.
 */
import { newsletterEndpoints } from '@croft/contracts';
import { capabilities, defineServiceModule, isHttpsOrigin } from '@croft/service-kit';
import { newsletterConfigSchema } from './config';
import { DEFAULT_RATE_LIMITS } from './http/newsletter-routes';
import { RETENTION_SWEEP_JOB, createNewsletterService } from './newsletter-service';

export const newsletterModule = defineServiceModule({
  name: 'newsletter',
  configSchema: newsletterConfigSchema,
  /** Live membership, for identity; live members per interest, for analytics (in-process in the gateway). */
  provides: { isActiveSubscriber: capabilities.isActiveSubscriber, membersByInterest: capabilities.membersByInterest },
  // RFC 8058 one-click unsubscribe is posted by mail providers, sometimes from a webmail page with
  // its own Origin; its unguessable token is the credential, so the Origin check lets it through.
  publicWritePaths: [newsletterEndpoints.unsubscribe],
  jobs: [{ name: RETENTION_SWEEP_JOB, description: 'hourly: unsubscribed people’s details after 30 days, their records after 2 years' }],
  standalone({ config, logger }) {
    if (!isHttpsOrigin(config.PUBLIC_ORIGIN)) {
      logger.warn('PUBLIC_ORIGIN is not https: mail clients ignore one-click List-Unsubscribe URLs that are not https');
    }
    return {};
  },
  create({ config, db, mailer, logger, clock, jobs }) {
    const newsletter = createNewsletterService({
      db,
      mailer,
      logger,
      clock,
      jobs,
      publicOrigin: config.PUBLIC_ORIGIN,
      unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
      internalToken: config.INTERNAL_API_TOKEN,
      ...(config.NEWSLETTER_SUBSCRIBES_PER_IP ? { rateLimits: { subscribePerIp: { ...DEFAULT_RATE_LIMITS.subscribePerIp, limit: config.NEWSLETTER_SUBSCRIBES_PER_IP } } } : {}),
    });
    return {
      router: newsletter.router,
      close: () => newsletter.close(),
      provides: {
        isActiveSubscriber: (email: string) => newsletter.isActiveSubscriber(email),
        membersByInterest: () => newsletter.membersByInterest(),
      },
    };
  },
});
