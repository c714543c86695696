import type { Router } from 'express';
import type { Connection } from 'mongoose';
import { MongoRateLimitStore, createAuditLog, createJobs, systemClock, type AuditLog, type Jobs, type Clock, type IsActiveSubscriber, type Logger, type Mailer, type TokenVerifier } from '@croft/service-kit';
import { cinemaModels, type CinemaModels } from './data/cinema-models';
import { createCinema, type Cinema } from './domain/cinema';
import { cinemaRoutes } from './http/cinema-routes';
import { createCinemaStaff, type CinemaStaff } from './domain/staff';
import { HOLD_EXPIRY_JOB } from './domain/waitlist';

export interface CinemaServiceOptions {
  db: Connection;
  logger: Logger;
  mailer: Mailer;
  clock?: Clock;
  /** Live membership (newsletter). */
  isActiveSubscriber: IsActiveSubscriber;
  /** identity's token verifier; without it members' routes answer 503 not_configured. */
  verifyAccessToken?: TokenVerifier;
  /** Signs the tickets' QR codes (the door checks them). */
  qrSecret: string;
  /** Tickets a new screening has (default 50). */
  capacity?: number;
  bookingsPerMinute?: number;
  /**
   * The jobs runner owned by the caller (the composition, service 'cinema'): waiting-list holds
   * expire on it, once across instances. Default: its own runner that never polls (tests call
   * `jobs.runDueNow()`).
   */
  jobs?: Jobs;
}

export interface CinemaService {
  router: Router;
  cinema: Cinema;
  staff: CinemaStaff;
  models: CinemaModels;
  audit: AuditLog;
  jobs: Jobs;
  /** Builds the indexes (one screening a month, one live booking per member, one ticket per number). */
  seed(): Promise<void>;
  close(): Promise<void>;
}

/** Secret Cinema: its collections, its rules and its endpoints. */
export function createCinemaService(options: CinemaServiceOptions): CinemaService {
  const models = cinemaModels(options.db);
  const clock = options.clock ?? systemClock;
  const audit = createAuditLog(options.db, 'cinema', { clock });
  const jobs = options.jobs ?? createJobs({ db: options.db, clock, logger: options.logger, service: 'cinema' });
  const cinema = createCinema({
    scheduleExpiry: async (entryId, at) => void (await jobs.schedule(HOLD_EXPIRY_JOB, at, { entry_id: entryId }, { key: entryId })),
    models,
    clock,
    logger: options.logger,
    mailer: options.mailer,
    isActiveSubscriber: options.isActiveSubscriber,
    qrSecret: options.qrSecret,
    capacity: options.capacity,
  });
  jobs.define<{ entry_id: string }>(HOLD_EXPIRY_JOB, async ({ payload }) => {
    if (payload) await cinema.waitlist.expire(payload.entry_id);
  });
  const staff = createCinemaStaff({ models, cinema, audit, clock, logger: options.logger, mailer: options.mailer });
  const router = cinemaRoutes({
    cinema,
    staff,
    audit,
    verifyAccessToken: options.verifyAccessToken,
    bookingsPerMinute: options.bookingsPerMinute,
    limitStore: (prefix) => new MongoRateLimitStore(options.db, { prefix: `${prefix}:` }),
  });
  return {
    router,
    cinema,
    staff,
    models,
    audit,
    jobs,
    async seed() {
      await Promise.all([models.screening.init(), models.booking.init(), models.ticket.init(), models.wait.init()]);
    },
    async close() {},
  };
}
