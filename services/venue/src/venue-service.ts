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
  type TokenVerifier,
} from '@croft/service-kit';
import { bookingModel, type BookingModel } from './data/booking-model';
import { donationModel, totalModel, type DonationModel, type TotalModel } from './data/donation-model';
import { messageModel, type MessageModel } from './data/message-model';
import { DONATION_SEED, SEED_RECORDER, type DonationSeed } from './data/seed-donations';
import { DEFAULT_VENUE_EMAIL } from './config';
import {
  MAIL_RETRY_INTERVAL_MS,
  MAIL_RETRY_JOB,
  MAIL_RETRY_JOB_LEASE_MS,
  createBookingMail,
  type MailRetryResult,
} from './domain/booking-mail';
import { createBookingEnquiries } from './domain/bookings';
import { createCommonGoodFund, type CommonGoodFund } from './domain/common-good-fund';
import { createCommonGoodMessages } from './domain/messages';
import { RETENTION_SWEEP_INTERVAL_MS, createVenueRetention, type SweepResult } from './domain/retention';
import { DEFAULT_RATE_LIMITS, venueRoutes, type VenueRateLimits } from './http/venue-routes';

/** The retention sweep's name in the kit's jobs (service 'venue'). */
export const RETENTION_SWEEP_JOB = 'retention-sweep';

export interface VenueServiceOptions {
  /** The service's own mongoose connection. */
  db: Connection;
  /** Sends booking enquiries to the venue and acknowledgements to guests. */
  mailer: Mailer;
  clock?: Clock;
  logger?: Logger;
  config?: {
    /** VENUE_EMAIL: the inbox booking enquiries go to (default bookings@croftcommon.co.uk). */
    venueEmail?: string;
  };
  /** identity's verifier for staff tokens; without it the staff endpoints answer 503. */
  verifyAccessToken?: TokenVerifier;
  /** Override the rate limits (tests); defaults in DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<VenueRateLimits>;
  /** Count rate-limit hits in MongoDB (default true) or in this process's memory. */
  rateLimitInMongo?: boolean;
  /**
   * How often the booking mail retry job runs (default every 30 s; see domain/booking-mail.ts). It is
   * a recurring job in the service kit's jobs: one run per interval across every instance on the
   * database, the first when its schedule is first created. 0 = this instance neither schedules nor
   * runs it (tests call `retryBookingMail`). The wait for the SMTP server is the mailer's own
   * deadline (MAIL_TIMEOUTS in the service kit).
   */
  mailRetryMs?: number;
  /**
   * How often the job deleting expired booking enquiries and messages runs (default hourly; a
   * recurring job like the mail retry). 0 = this instance neither schedules nor runs it (tests call
   * `sweepExpired`). With both 0 this instance polls for no jobs at all.
   */
  retentionSweepMs?: number;
  /** How often this instance looks for due jobs (default DEFAULT_JOB_POLL_MS, 5 s). */
  jobPollMs?: number;
  /**
   * A jobs runner owned by the caller (the composition root, service 'venue'): the service defines
   * its jobs on it and leaves starting and stopping to the owner. Default: its own runner, which
   * it starts here and stops in `close()`.
   */
  jobs?: Jobs;
}

export interface VenueService {
  /** Mount at /api/venue (behind the JSON body parser, like every service router). */
  router: Router;
  fund: CommonGoodFund;
  /** Records the seed donations that are missing (idempotent across restarts). */
  seed(options?: { donations?: readonly DonationSeed[] }): Promise<{ donationsInserted: number; combined_total_cents: number }>;
  models: { donation: DonationModel; total: TotalModel; message: MessageModel; booking: BookingModel };
  /** Deletes booking enquiries and messages past their retention period (see domain/retention.ts). */
  sweepExpired(): Promise<SweepResult>;
  /** One run of the booking mail retry job (safe alongside other instances on the same database). */
  retryBookingMail(): Promise<MailRetryResult>;
  /** The service's jobs (kit `createJobs`, service 'venue'); `jobs.runDueNow()` in tests. */
  jobs: Jobs;
  /** Stops polling for jobs and waits for a running one to finish (its own runner only; a given `jobs` is its owner's to stop). */
  close(): Promise<void>;
}

export function createVenueService(options: VenueServiceOptions): VenueService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const donation = donationModel(options.db);
  const total = totalModel(options.db);
  const message = messageModel(options.db);
  const booking = bookingModel(options.db);

  const retention = createVenueRetention({ bookings: booking, messages: message, clock, logger });

  const bookingMail = createBookingMail({
    model: booking,
    mailer: options.mailer,
    clock,
    logger,
    venueEmail: options.config?.venueEmail ?? DEFAULT_VENUE_EMAIL,
  });

  // Background work runs as recurring jobs: once per interval across all instances on the database.
  const jobs = options.jobs ?? createJobs({ db: options.db, clock, logger, service: 'venue' });
  const sweepMs = options.retentionSweepMs ?? RETENTION_SWEEP_INTERVAL_MS;
  const mailRetryMs = options.mailRetryMs ?? MAIL_RETRY_INTERVAL_MS;
  if (sweepMs > 0) {
    // A failed sweep is tried again after a minute, twice, then waits for its next slot.
    jobs.recurring(RETENTION_SWEEP_JOB, sweepMs, () => retention.sweepExpired(), { retries: 2, backoffMs: 60_000 });
  }
  if (mailRetryMs > 0) {
    // No job-level retries: each copy has its own back-off, and the job runs again in 30 s anyway.
    jobs.recurring(MAIL_RETRY_JOB, mailRetryMs, () => bookingMail.retryDue(), { retries: 0, leaseMs: MAIL_RETRY_JOB_LEASE_MS });
  }
  if (!options.jobs && (sweepMs > 0 || mailRetryMs > 0)) jobs.start({ pollMs: options.jobPollMs });

  const fund = createCommonGoodFund({ donations: donation, totals: total, clock, logger });
  const router = venueRoutes({
    fund,
    messages: createCommonGoodMessages({ model: message, clock }),
    bookings: createBookingEnquiries({ model: booking, mail: bookingMail, clock, logger }),
    verifyAccessToken: options.verifyAccessToken,
    limits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    store:
      options.rateLimitInMongo === false
        ? undefined
        : (name) => new MongoRateLimitStore(options.db, { prefix: `rl:venue:${name}:`, clock }),
  });

  return {
    router,
    fund,
    async seed(seedOptions = {}) {
      await fund.ensureTotal();
      await fund.applyPending();
      let donationsInserted = 0;
      for (const entry of seedOptions.donations ?? DONATION_SEED) {
        const outcome = await fund.record(
          { amount_cents: entry.amount_cents, note: entry.note, request_id: `seed-${entry.key}` },
          SEED_RECORDER,
        );
        if (outcome.created) donationsInserted += 1;
      }
      const combined = await fund.readTotal();
      logger.info({ donationsInserted, combined_total_cents: combined }, 'venue seeded');
      return { donationsInserted, combined_total_cents: combined };
    },
    models: { donation, total, message, booking },
    sweepExpired: () => retention.sweepExpired(),
    retryBookingMail: () => bookingMail.retryDue(),
    jobs,
    close: async () => {
      if (!options.jobs) await jobs.stop();
    },
  };
}
