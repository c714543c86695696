import type { Router } from 'express';
import type { Connection } from 'mongoose';
import {
  MongoRateLimitStore,
  silentLogger,
  systemClock,
  type Clock,
  type Logger,
  type Mailer,
} from '@croft/service-kit';
import { subscriberModel, type SubscriberModel } from './data/subscriber-model';
import { createSubscriptions } from './domain/subscriptions';
import { RETENTION_SWEEP_INTERVAL_MS, createNewsletterRetention, type NewsletterSweepResult } from './domain/retention';
import { DEFAULT_RATE_LIMITS, newsletterRoutes, type NewsletterRateLimits } from './http/newsletter-routes';

export interface NewsletterServiceOptions {
  /** The service's own mongoose connection. */
  db: Connection;
  /** Sends the welcome email (From = MAIL_FROM is the mailer's; its deadline bounds the wait). */
  mailer: Mailer;
  clock?: Clock;
  logger?: Logger;
  /** PUBLIC_ORIGIN: the List-Unsubscribe URL and the /unsubscribe page live here. */
  publicOrigin: string;
  /** UNSUBSCRIBE_MAILTO, the address in the List-Unsubscribe mailto entry. */
  unsubscribeMailto: string;
  /** INTERNAL_API_TOKEN; unset = POST /internal/member-check answers 404. */
  internalToken?: string;
  /** Override the rate limits (tests); defaults in DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<NewsletterRateLimits>;
  /** Count rate-limit hits in MongoDB (default true) or in this process's memory. */
  rateLimitInMongo?: boolean;
  /**
   * How often to apply the retention rules to unsubscribed records (default hourly; the first
   * sweep runs at once). 0 = never on its own (tests call `sweepExpired`).
   */
  retentionSweepMs?: number;
}

export interface NewsletterService {
  /** Mount at /api/newsletter (needs the JSON body parser in front, like every service router). */
  router: Router;
  /** Membership = an active newsletter subscriber (case-insensitive email). For identity, in-process. */
  isActiveSubscriber(email: string): Promise<boolean>;
  models: { subscriber: SubscriberModel };
  /** Applies the unsubscribe retention rules now (see domain/retention.ts). */
  sweepExpired(): Promise<NewsletterSweepResult>;
  /** Stops the retention timer. */
  close(): void;
}

export function createNewsletterService(options: NewsletterServiceOptions): NewsletterService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const subscriber = subscriberModel(options.db);
  const retention = createNewsletterRetention({ model: subscriber, clock, logger });
  const sweepMs = options.retentionSweepMs ?? RETENTION_SWEEP_INTERVAL_MS;
  const stopRetention = sweepMs > 0 ? retention.start(sweepMs) : () => undefined;
  const subscriptions = createSubscriptions({
    model: subscriber,
    mailer: options.mailer,
    clock,
    logger,
    publicOrigin: options.publicOrigin,
    unsubscribeMailto: options.unsubscribeMailto,
  });
  const router = newsletterRoutes({
    subscriptions,
    publicOrigin: options.publicOrigin,
    internalToken: options.internalToken,
    limits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    store:
      options.rateLimitInMongo === false
        ? undefined
        : (name) => new MongoRateLimitStore(options.db, { prefix: `rl:newsletter:${name}:`, clock }),
  });

  return {
    router,
    isActiveSubscriber: (email) => subscriptions.isActiveSubscriber(email),
    models: { subscriber },
    sweepExpired: () => retention.sweepExpired(),
    close: stopRetention,
  };
}
