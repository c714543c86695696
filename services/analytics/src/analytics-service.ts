import type { Router } from 'express';
import type { Connection } from 'mongoose';
import { MongoRateLimitStore, createJobs, systemClock, type Clock, type Jobs, type Logger, type TokenVerifier } from '@croft/service-kit';
import { analyticsModels, type AnalyticsModels } from './data/analytics-models';
import { createDashboards, type Borrowed, type Dashboards } from './domain/dashboard';
import { createIngest, type Ingest } from './domain/ingest';
import { ANALYTICS_ROLLUP_JOB, ROLLUP_INTERVAL_MS, createRollups, type Rollups } from './domain/rollup';
import { createTables, type Tables } from './domain/tables';
import { createVisitorHasher } from './domain/visitors';
import { analyticsRoutes } from './http/analytics-routes';

export interface AnalyticsServiceOptions {
  db: Connection;
  logger: Logger;
  clock?: Clock;
  /** identity's token verifier: members' batches carry their user id; without it the dashboards answer 503. */
  verifyAccessToken?: TokenVerifier;
  /** The figures other services own (member analytics); each null in the answer when absent. */
  borrowed?: Borrowed;
  /**
   * The jobs runner owned by the caller (the composition, service 'analytics'). Default: its own
   * runner that never polls (tests call `jobs.runDueNow()`).
   */
  jobs?: Jobs;
  /** Rate-limit counts in MongoDB, shared by every instance (default true; off = per process memory). */
  sharedLimits?: boolean;
}

export interface AnalyticsServiceInstance {
  router: Router;
  models: AnalyticsModels;
  ingest: Ingest;
  rollups: Rollups;
  dashboards: Dashboards;
  tables: Tables;
  jobs: Jobs;
  seed(): Promise<void>;
  close(): Promise<void>;
}

/** Site analytics: collection, raw tables with TTL, daily roll-ups and the staff dashboards. */
export function createAnalyticsService(options: AnalyticsServiceOptions): AnalyticsServiceInstance {
  const models = analyticsModels(options.db);
  const clock = options.clock ?? systemClock;
  const logger = options.logger;
  const jobs = options.jobs ?? createJobs({ db: options.db, clock, logger, service: 'analytics' });
  const ingest = createIngest({ models, clock, logger });
  const rollups = createRollups({ models, clock, logger });
  const dashboards = createDashboards({ models, clock, logger, borrowed: options.borrowed ?? {} });
  const tables = createTables(models);
  // Every 10 minutes, once across instances: rolls up each finished day not yet rolled (so a day
  // is done within minutes of London midnight), catching up missed days at the first run.
  jobs.recurring(ANALYTICS_ROLLUP_JOB, ROLLUP_INTERVAL_MS, async ({ extendLease }) => {
    await rollups.catchUp(() => extendLease());
  });
  const router = analyticsRoutes({
    ingest,
    dashboards,
    tables,
    visitorOf: createVisitorHasher(models, clock),
    logger,
    verifyAccessToken: options.verifyAccessToken,
    limitStore: options.sharedLimits === false ? undefined : (prefix) => new MongoRateLimitStore(options.db, { prefix: `${prefix}:` }),
  });
  return {
    router,
    models,
    ingest,
    rollups,
    dashboards,
    tables,
    jobs,
    async seed() {
      await Promise.all(Object.values(models).map((m: { init(): Promise<unknown> }) => m.init()));
    },
    async close() {},
  };
}
