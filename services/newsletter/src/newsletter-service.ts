import type { Router } from 'express';
import type { Connection } from 'mongoose';
import {
  MongoRateLimitStore,
  createJobs,
  silentLogger,
  systemClock,
  type Clock,
  type Jobs,
  type Logger,
  type Mailer,
} from '@croft/service-kit';
import { subscriberModel, type SubscriberModel } from './data/subscriber-model';
import { createSubscriptions } from './domain/subscriptions';
import { RETENTION_SWEEP_INTERVAL_MS, createNewsletterRetention, type NewsletterSweepResult } from './domain/retention';
import { DEFAULT_RATE_LIMITS, newsletterRoutes, type NewsletterRateLimits } from './http/newsletter-routes';

/** The retention sweep's name in the kit's jobs (service 'newsletter'). */
export const RETENTION_SWEEP_JOB = 'retention-sweep';

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
   * How often the job applying the retention rules to unsubscribed records runs (default hourly).
   * It is a recurring job in the service kit's jobs: one run per interval across every instance on
   * the database, the first when its schedule is first created. 0 = this instance neither schedules
   * nor runs it, and polls for no jobs (tests call `sweepExpired`).
   */
  retentionSweepMs?: number;
  /** How often this instance looks for due jobs (default DEFAULT_JOB_POLL_MS, 5 s). */
  jobPollMs?: number;
  /**
   * A jobs runner owned by the caller (the composition root, service 'newsletter'): the service defines
   * its jobs on it and leaves starting and stopping to the owner. Default: its own runner, which
   * it starts here and stops in `close()`.
   */
  jobs?: Jobs;
}

export interface NewsletterService {
  /** Mount at /api/newsletter (needs the JSON body parser in front, like every service router). */
  router: Router;
  /** Membership = an active newsletter subscriber (case-insensitive email). For identity, in-process. */
  isActiveSubscriber(email: string): Promise<boolean>;
  /** Live members per interest, NEWSLETTER_INTERESTS order, 0 included. For analytics, in-process. */
  membersByInterest(): Promise<{ interest: string; members: number }[]>;
  models: { subscriber: SubscriberModel };
  /** Applies the unsubscribe retention rules now (see domain/retention.ts). */
  sweepExpired(): Promise<NewsletterSweepResult>;
  /** The service's jobs (kit `createJobs`, service 'newsletter'); `jobs.runDueNow()` in tests. */
  jobs: Jobs;
  /** Stops polling for jobs and waits for a running one to finish (its own runner only; a given `jobs` is its owner's to stop). */
  close(): Promise<void>;
}

export function createNewsletterService(options: NewsletterServiceOptions): NewsletterService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const subscriber = subscriberModel(options.db);
  const retention = createNewsletterRetention({ model: subscriber, clock, logger });
  const jobs = options.jobs ?? createJobs({ db: options.db, clock, logger, service: 'newsletter' });
  const sweepMs = options.retentionSweepMs ?? RETENTION_SWEEP_INTERVAL_MS;
  if (sweepMs > 0) {
    // A failed sweep is tried again after a minute, twice, then waits for its next slot.
    jobs.recurring(RETENTION_SWEEP_JOB, sweepMs, () => retention.sweepExpired(), { retries: 2, backoffMs: 60_000 });
    if (!options.jobs) jobs.start({ pollMs: options.jobPollMs });
  }
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
    membersByInterest: () => subscriptions.membersByInterest(),
    models: { subscriber },
    sweepExpired: () => retention.sweepExpired(),
    jobs,
    close: async () => {
      if (!options.jobs) await jobs.stop();
    },
  };
}
