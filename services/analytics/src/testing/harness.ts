// Test harness for the analytics service: the embedded store, a manual clock, identity-like tokens,
// and helpers to build batches. Tests only.
import type { Express } from 'express';
import { connectMongo, createJobs, createServiceApp, manualClock, silentLogger, type ManualClock, type MongoHandle } from '@croft/service-kit';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import type { AnalyticsEvent } from '@croft/contracts';
import { createAnalyticsService, type AnalyticsServiceInstance, type AnalyticsServiceOptions } from '../analytics-service';

export const ORIGIN = 'http://localhost:3000';
export const BROWSER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

export interface AnalyticsHarness {
  mongo: MongoHandle;
  clock: ManualClock;
  service: AnalyticsServiceInstance;
  app: Express;
  /** Another instance of the service on its own connection to the same database (as a second gateway). */
  secondInstance(): Promise<{ service: AnalyticsServiceInstance; stop: () => Promise<void> }>;
  /** Bearer header for a member `name` (sub `user-<name>`). */
  auth(name: string): Promise<Record<string, string>>;
  staffAuth(name: string): Promise<Record<string, string>>;
  adminAuth(name: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

let counter = 0;

export async function startAnalyticsHarness(
  name: string,
  options: { now?: string } & Pick<AnalyticsServiceOptions, 'borrowed'> = {},
): Promise<AnalyticsHarness> {
  counter += 1;
  const dbName = `analytics_${name}_${process.pid}_${counter}`;
  const mongo = await connectMongo({ dbName });
  const clock = manualClock(options.now ?? '2026-11-24T10:00:00Z');
  const tokens = await testTokens(ORIGIN);
  const build = (db: MongoHandle['connection'], instanceId: string) =>
    createAnalyticsService({
      db,
      logger: silentLogger(),
      clock,
      verifyAccessToken: tokens.verify,
      borrowed: options.borrowed,
      jobs: createJobs({ db, clock, logger: silentLogger(), service: 'analytics', instanceId }),
    });
  const service = build(mongo.connection, 'first');
  await service.seed();
  const others: MongoHandle[] = [];
  const bearer = async (person: string, roles: ('staff' | 'admin')[]) => {
    const token = await tokens.token({ sub: `user-${person}`, email: `${person}@example.com`, roles });
    return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
  };
  return {
    mongo,
    clock,
    service,
    // trustProxy: tests act from several addresses with X-Forwarded-For.
    app: createServiceApp({ name: 'analytics', router: service.router, publicOrigin: ORIGIN, logger: silentLogger(), trustProxy: true }),
    async secondInstance() {
      const other = await connectMongo({ uri: mongo.uri, dbName });
      others.push(other);
      const second = build(other.connection, 'second');
      await second.seed();
      return { service: second, stop: () => other.stop() };
    },
    auth: (person) => bearer(person, []),
    staffAuth: (person) => bearer(person, ['staff']),
    adminAuth: (person) => bearer(person, ['admin']),
    async stop() {
      await Promise.all(others.map((o) => o.stop()));
      await mongo.stop();
    },
  };
}

let ids = 0;
/** A random-looking id the tracker would make (16+ characters). */
export function newId(prefix = 'id'): string {
  ids += 1;
  return `${prefix}${String(ids).padStart(6, '0')}${Math.random().toString(36).slice(2, 12)}`.replace(/[^A-Za-z0-9_-]/g, '').padEnd(16, 'x');
}

/** Builders for the tracker's events (times default to the given instant). */
export const ev = {
  start: (at: number, over: Partial<Extract<AnalyticsEvent, { type: 'session_start' }>> = {}): AnalyticsEvent => ({
    type: 'session_start',
    at,
    referrer: '',
    device_type: 'desktop',
    browser: 'Chrome',
    os: 'macOS',
    is_authenticated: false,
    ...over,
  }),
  end: (at: number): AnalyticsEvent => ({ type: 'session_end', at }),
  view: (at: number, view_id: string, page_path: string, over: Partial<Extract<AnalyticsEvent, { type: 'page_view' }>> = {}): AnalyticsEvent => ({
    type: 'page_view',
    at,
    view_id,
    page_path,
    page_title: `Page ${page_path}`,
    referrer: '',
    ...over,
  }),
  update: (at: number, view_id: string, time: number, scroll: number): AnalyticsEvent => ({ type: 'page_update', at, view_id, time_spent_seconds: time, scroll_depth_percent: scroll }),
  journey: (at: number, from_page: string, to_page: string, transition_type: 'link' | 'nav' | 'back' | 'gesture' = 'link'): AnalyticsEvent => ({
    type: 'journey',
    at,
    from_page,
    to_page,
    transition_type,
  }),
  press: (at: number, page_path: string, over: Partial<Extract<AnalyticsEvent, { type: 'interaction' }>> = {}): AnalyticsEvent => ({
    type: 'interaction',
    at,
    page_path,
    interaction_type: 'click',
    element_id: '',
    element_class: 'btn',
    element_text: 'Book a table',
    coordinates: { x: 10, y: 20 },
    ...over,
  }),
};
