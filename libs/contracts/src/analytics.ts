import * as z from 'zod/mini';
import { NEWSLETTER_INTERESTS } from './newsletter';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_DEVICE_TYPES,
  ANALYTICS_INTERACTION_TYPES,
  ANALYTICS_RANGE_MAX_DAYS,
  ANALYTICS_TEXT_MAX,
  ANALYTICS_TRANSITIONS,
} from './analytics-constants';

// ---------------------------------------------------------------------------------------------
// Site analytics (spec 001 §3, §7–§9; issue 15). The browser (libs/analytics) queues the spec's
// facts (a session's start and end, page views with time spent, scroll depth and bounce, journeys
// between pages, presses on buttons and links) and sends them in batches to /api/analytics; the
// spec's page-end beacon goes to /api/analytics/page-end. The service validates every event,
// drops bots, keeps raw events 13 months and rolls them up into daily aggregates, which the staff
// dashboards read. Nothing here identifies a visitor across days: a visitor is counted by a hash
// of (daily salt, address, user agent) that the service cannot reverse once the salt is gone.
// ---------------------------------------------------------------------------------------------

export * from './analytics-constants';

const bounded = (max: number) => z.string().check(z.maxLength(max));
/** A site path: starts with one '/', no scheme or host, at most 300 characters. */
export const analyticsPathSchema = z.string().check(z.maxLength(300), z.regex(/^\/(?!\/)[^\s]*$/, 'must be a path on this site'));
/** A random id the browser makes (crypto.randomUUID or similar). */
export const analyticsIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a random id of 16 to 64 letters, digits, - or _'));
/** Milliseconds since the epoch, as the browser saw it (the service clamps it to its own clock). */
const epochMs = z.number().check(z.int(), z.gte(0), z.lte(8_640_000_000_000_000));
const whole = (max: number) => z.number().check(z.int(), z.gte(0), z.lte(max));

export const sessionStartEventSchema = z.strictObject({
  type: z.literal('session_start'),
  at: epochMs,
  /** document.referrer: the page before this site, '' when none. */
  referrer: bounded(500),
  device_type: z.enum(ANALYTICS_DEVICE_TYPES),
  browser: bounded(40),
  os: bounded(40),
  is_authenticated: z.boolean(),
});
export const sessionEndEventSchema = z.strictObject({ type: z.literal('session_end'), at: epochMs });
export const pageViewEventSchema = z.strictObject({
  type: z.literal('page_view'),
  at: epochMs,
  /** The browser's id for this view, so later updates and the page-end beacon find it. */
  view_id: analyticsIdSchema,
  page_path: analyticsPathSchema,
  page_title: bounded(200),
  referrer: bounded(500),
});
/** Time spent and scroll depth so far (the last update wins); the bounce is the service's sum. */
export const pageUpdateEventSchema = z.strictObject({
  type: z.literal('page_update'),
  at: epochMs,
  view_id: analyticsIdSchema,
  time_spent_seconds: whole(86_400),
  scroll_depth_percent: whole(100),
});
export const journeyEventSchema = z.strictObject({
  type: z.literal('journey'),
  at: epochMs,
  from_page: analyticsPathSchema,
  to_page: analyticsPathSchema,
  transition_type: z.enum(ANALYTICS_TRANSITIONS),
});
/** Extra facts about a press: a few short named values. */
export const analyticsExtraSchema = z
  .record(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a short snake_case name')), z.union([bounded(100), z.number(), z.boolean()]))
  .check(z.refine((value) => Object.keys(value).length <= 8, 'at most 8 values'));
export const interactionEventSchema = z.strictObject({
  type: z.literal('interaction'),
  at: epochMs,
  page_path: analyticsPathSchema,
  interaction_type: z.enum(ANALYTICS_INTERACTION_TYPES),
  element_id: bounded(100),
  element_class: bounded(200),
  /** Spec 001 §9: at most 100 characters (the tracker cuts it; longer is refused). */
  element_text: bounded(ANALYTICS_TEXT_MAX),
  coordinates: z.nullable(z.strictObject({ x: whole(100_000), y: whole(1_000_000) })),
  additional_data: z.optional(analyticsExtraSchema),
});

export const analyticsEventSchema = z.union([
  sessionStartEventSchema,
  sessionEndEventSchema,
  pageViewEventSchema,
  pageUpdateEventSchema,
  journeyEventSchema,
  interactionEventSchema,
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventType = AnalyticsEvent['type'];

/** POST /api/analytics/events: one session's queued events. */
export const analyticsBatchSchema = z.strictObject({
  session_id: analyticsIdSchema,
  events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(ANALYTICS_BATCH_MAX, `at most ${ANALYTICS_BATCH_MAX} events in a batch`)),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
/** `accepted`: events stored; `dropped`: the request came from a bot or the visitor opted out (DNT/GPC), nothing stored. */
export const analyticsBatchResponseSchema = z.strictObject({ accepted: whole(ANALYTICS_BATCH_MAX), dropped: z.boolean() });

/** Spec 001 §7: the beacon on page end, field names as the spec gives them. */
export const analyticsPageEndSchema = z.strictObject({
  sessionId: analyticsIdSchema,
  pagePath: analyticsPathSchema,
  timeSpent: whole(86_400),
  scrollDepth: whole(100),
  /** The page view it ends (the tracker always sends it; the spec's four fields alone still count). */
  viewId: z.optional(analyticsIdSchema),
});
export type AnalyticsPageEnd = z.infer<typeof analyticsPageEndSchema>;

// ── staff dashboards ────────────────────────────────────────────────────────────────────────────

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD'));
/** A range of venue days (Europe/London), both ends included. */
export const analyticsRangeQuerySchema = z.strictObject({ from: isoDay, to: isoDay });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

export const analyticsTotalsSchema = z.strictObject({
  visitors: z.number(),
  sessions: z.number(),
  page_views: z.number(),
  /** 0..1: the share of page views that were bounces. */
  bounce_rate: z.number(),
  /** Mean time on a page, in seconds. */
  avg_time_seconds: z.number(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

const count = z.strictObject({ name: z.string(), count: z.number() });
export type AnalyticsCount = z.infer<typeof count>;

export const analyticsOverviewSchema = z.strictObject({
  range: analyticsRangeQuerySchema,
  /** The same number of days just before `range`. */
  previous_range: analyticsRangeQuerySchema,
  totals: analyticsTotalsSchema,
  previous_totals: analyticsTotalsSchema,
  /** One point per day of `range`, oldest first. */
  series: z.array(z.strictObject({ day: isoDay, visitors: z.number(), sessions: z.number(), page_views: z.number() })),
  top_pages: z.array(z.strictObject({ path: z.string(), views: z.number(), avg_time_seconds: z.number(), bounce_rate: z.number() })),
  entry_pages: z.array(count),
  exit_pages: z.array(count),
  referrers: z.array(count),
  devices: z.array(count),
  browsers: z.array(count),
  /** The most common moves between pages. */
  journeys: z.array(z.strictObject({ from: z.string(), to: z.string(), count: z.number() })),
  /** The most pressed buttons and links, per page. */
  top_presses: z.array(z.strictObject({ page_path: z.string(), element: z.string(), count: z.number() })),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const GATE_UNLOCK_METHODS = ['passkey', 'link', 'email'] as const;
export type GateUnlockMethod = (typeof GATE_UNLOCK_METHODS)[number];

export const memberAnalyticsSchema = z.strictObject({
  range: analyticsRangeQuerySchema,
  /** Per day: members signed in who viewed a page, and accounts first seen that day. */
  series: z.array(z.strictObject({ day: isoDay, active_members: z.number(), new_members: z.number() })),
  totals: z.strictObject({ active_members: z.number(), new_members: z.number(), member_page_views: z.number() }),
  // The figures other services own (asked over their contracts; in the gateway, in-process).
  // null: that service is not reachable from this process (a standalone analytics service).
  /** Live newsletter members per interest (now, not per range). */
  by_interest: z.nullable(z.array(z.strictObject({ interest: z.enum(NEWSLETTER_INTERESTS), members: z.number() }))),
  loyalty: z.nullable(z.strictObject({ punches: z.number(), rewards: z.number() })),
  cinema: z.nullable(z.strictObject({ bookings: z.number(), tickets: z.number() })),
  /** Members' gates opened (spec 001: passkey, membership link, emailed code). */
  unlocks: z.nullable(z.array(z.strictObject({ method: z.enum(GATE_UNLOCK_METHODS), count: z.number() }))),
});
export type MemberAnalytics = z.infer<typeof memberAnalyticsSchema>;

/** The spec's four raw tables, for /admin/member-analytics-legacy. */
export const ANALYTICS_TABLES = ['user_sessions', 'page_views', 'user_journeys', 'user_interactions'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];
export const ANALYTICS_TABLE_PAGE_MAX = 200;

export const analyticsTableParamsSchema = z.strictObject({ table: z.enum(ANALYTICS_TABLES) });
export const analyticsTableQuerySchema = z.strictObject({
  from: isoDay,
  to: isoDay,
  /** Only rows on this page path (page_views, user_interactions; from or to for journeys). */
  path: z.optional(analyticsPathSchema),
  session_id: z.optional(analyticsIdSchema),
  /** 'members' = signed in only, 'visitors' = signed out only. */
  who: z.optional(z.enum(['members', 'visitors'])),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, 'must be a whole number'), z.refine((v) => Number(v) >= 1 && Number(v) <= ANALYTICS_TABLE_PAGE_MAX, `must be from 1 to ${ANALYTICS_TABLE_PAGE_MAX}`))),
  /** The next_cursor of the page before. */
  before: z.optional(z.string().check(z.regex(/^\d{1,15}-[a-f0-9]{24}$/, 'must be the next_cursor of an earlier page'))),
  /** 'csv': every matching row as text/csv (up to 100,000) instead of a page of JSON. */
  format: z.optional(z.enum(['json', 'csv'])),
});
export type AnalyticsTableQuery = z.infer<typeof analyticsTableQuerySchema>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** One page of a raw table, newest first: column names in the spec's order, then rows of cells. */
export const analyticsTablePageSchema = z.strictObject({
  table: z.enum(ANALYTICS_TABLES),
  columns: z.array(z.string()),
  rows: z.array(z.array(cell)),
  next_cursor: z.nullable(z.string()),
});
export type AnalyticsTablePage = z.infer<typeof analyticsTablePageSchema>;

/** The spec's columns (001 §3), the order the legacy screens and CSV files use. */
export const ANALYTICS_TABLE_COLUMNS = {
  user_sessions: ['session_id', 'user_id', 'started_at', 'ended_at', 'user_agent', 'referrer', 'device_type', 'browser', 'os', 'is_authenticated'],
  page_views: ['session_id', 'user_id', 'page_path', 'page_title', 'referrer', 'viewed_at', 'time_spent_seconds', 'scroll_depth_percent', 'is_bounce'],
  user_journeys: ['session_id', 'user_id', 'from_page', 'to_page', 'transition_type', 'at'],
  user_interactions: ['session_id', 'user_id', 'page_path', 'interaction_type', 'element_id', 'element_class', 'element_text', 'coordinates', 'additional_data', 'at'],
} as const satisfies Record<AnalyticsTable, readonly string[]>;

export const ANALYTICS_ERROR_MESSAGES = {
  range_invalid: `Choose a start day on or before the end day, at most ${ANALYTICS_RANGE_MAX_DAYS} days apart.`,
} as const;
