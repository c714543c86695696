export { analyticsModule } from './module';
export { createAnalyticsService } from './analytics-service';
export type { AnalyticsServiceInstance, AnalyticsServiceOptions } from './analytics-service';
export { analyticsConfigSchema, ANALYTICS_DEFAULT_PORT } from './config';
export type { AnalyticsConfig } from './config';
export { ANALYTICS_ROLLUP_JOB } from './domain/rollup';
export {
  analyticsModels,
  ANALYTICS_DAILY_COLLECTION,
  ANALYTICS_INTERACTIONS_COLLECTION,
  ANALYTICS_JOURNEYS_COLLECTION,
  ANALYTICS_PAGE_VIEWS_COLLECTION,
  ANALYTICS_SESSIONS_COLLECTION,
} from './data/analytics-models';
export { addDays, londonDay } from './domain/days';
/** Benchmarks and demos only: a busy venue's raw traffic written in bulk. */
export { seedAnalytics } from './testing/seed';
export type { SeedOptions } from './testing/seed';
