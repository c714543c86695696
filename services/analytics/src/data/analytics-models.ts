import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { ANALYTICS_RAW_RETENTION_DAYS } from '@croft/contracts';

// The analytics service's collections (issue 15). The spec's four raw tables (001 §3) keep their
// names and fields, plus what the service needs: the browser's view id, the time of journeys and
// presses, a visitor hash (never the address), the referrer's host, and `recorded_at` (the wall
// clock when the row was written) that a TTL index expires after ANALYTICS_RAW_RETENTION_DAYS.
// The daily aggregates are kept for ever; the daily salts expire after about two days.

export const ANALYTICS_SESSIONS_COLLECTION = 'user_sessions';
export const ANALYTICS_PAGE_VIEWS_COLLECTION = 'page_views';
export const ANALYTICS_JOURNEYS_COLLECTION = 'user_journeys';
export const ANALYTICS_INTERACTIONS_COLLECTION = 'user_interactions';
export const ANALYTICS_DAILY_COLLECTION = 'analytics_daily';
export const ANALYTICS_MEMBERS_COLLECTION = 'analytics_members';
export const ANALYTICS_SALTS_COLLECTION = 'analytics_salts';

/** Raw rows expire this long after they were written (13 months). */
export const RAW_TTL_SECONDS = ANALYTICS_RAW_RETENTION_DAYS * 24 * 60 * 60;
/** A day's salt is kept two days (so the day's hashes cannot be recomputed afterwards). */
export const SALT_TTL_SECONDS = 2 * 24 * 60 * 60;

export interface SessionDoc {
  /** Derived from session_id (sha256, 12 bytes), so an upsert is a lookup by _id. */
  _id: Types.ObjectId;
  session_id: string;
  user_id: string | null;
  started_at: Date;
  ended_at: Date | null;
  user_agent: string;
  referrer: string;
  /** The referrer's host ('' for none or this site); what the dashboards count. */
  referrer_host: string;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  is_authenticated: boolean;
  visitor: string;
  recorded_at: Date;
}

export interface PageViewDoc {
  /** Derived from (session_id, view_id), so updates and the beacon find it by _id and a resent batch inserts nothing twice. */
  _id: Types.ObjectId;
  session_id: string;
  user_id: string | null;
  view_id: string;
  page_path: string;
  page_title: string;
  referrer: string;
  viewed_at: Date;
  time_spent_seconds: number;
  scroll_depth_percent: number;
  is_bounce: boolean;
  visitor: string;
  recorded_at: Date;
}

export interface JourneyDoc {
  _id: Types.ObjectId;
  session_id: string;
  user_id: string | null;
  from_page: string;
  to_page: string;
  transition_type: string;
  at: Date;
  recorded_at: Date;
}

export interface InteractionDoc {
  _id: Types.ObjectId;
  session_id: string;
  user_id: string | null;
  page_path: string;
  interaction_type: string;
  element_id: string;
  element_class: string;
  element_text: string;
  coordinates: { x: number; y: number } | null;
  additional_data: Record<string, string | number | boolean> | null;
  at: Date;
  recorded_at: Date;
}

export interface Count {
  name: string;
  count: number;
}

/** One finished London day, rolled up from the raw rows (kept for ever). */
export interface DailyDoc {
  /** 'YYYY-MM-DD' (London). */
  _id: string;
  totals: { visitors: number; sessions: number; page_views: number; bounces: number; time_sum: number };
  pages: { path: string; views: number; time_sum: number; bounces: number }[];
  entry_pages: Count[];
  exit_pages: Count[];
  referrers: Count[];
  devices: Count[];
  browsers: Count[];
  journeys: { from: string; to: string; count: number }[];
  presses: { page_path: string; element: string; count: number }[];
  members: { active: number; new: number; page_views: number; ids: string[] };
  /** false until the day can no longer receive events (a day after it ended); then rolled again. */
  final: boolean;
  rolled_at: Date;
}

export interface MemberDoc {
  /** identity's user id. */
  _id: string;
  /** The first London day the member viewed a page while signed in. */
  first_day: string;
}

export interface SaltDoc {
  /** 'YYYY-MM-DD' (London). */
  _id: string;
  salt: string;
  /** Wall clock (the store's TTL sweeper uses it). */
  created_at: Date;
}

const rawTtl = { expireAfterSeconds: RAW_TTL_SECONDS, name: 'raw_retention' };

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    session_id: { type: String, required: true },
    user_id: { type: String, default: null },
    started_at: { type: Date, required: true },
    ended_at: { type: Date, default: null },
    user_agent: { type: String, default: '' },
    referrer: { type: String, default: '' },
    referrer_host: { type: String, default: '' },
    device_type: { type: String, default: null },
    browser: { type: String, default: null },
    os: { type: String, default: null },
    is_authenticated: { type: Boolean, default: false },
    visitor: { type: String, required: true },
    recorded_at: { type: Date, required: true },
  },
  { versionKey: false, collection: ANALYTICS_SESSIONS_COLLECTION },
);
sessionSchema.index({ started_at: -1, _id: -1 });
sessionSchema.index({ session_id: 1 });
sessionSchema.index({ recorded_at: 1 }, rawTtl);

const pageViewSchema = new Schema<PageViewDoc>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    session_id: { type: String, required: true },
    user_id: { type: String, default: null },
    view_id: { type: String, required: true },
    page_path: { type: String, required: true },
    page_title: { type: String, default: '' },
    referrer: { type: String, default: '' },
    viewed_at: { type: Date, required: true },
    time_spent_seconds: { type: Number, default: 0 },
    scroll_depth_percent: { type: Number, default: 0 },
    is_bounce: { type: Boolean, default: true },
    visitor: { type: String, required: true },
    recorded_at: { type: Date, required: true },
  },
  { versionKey: false, collection: ANALYTICS_PAGE_VIEWS_COLLECTION },
);
// Roll-ups and the legacy table read a time range, newest first; filters narrow by path or session.
pageViewSchema.index({ viewed_at: -1, _id: -1 });
pageViewSchema.index({ session_id: 1, page_path: 1, viewed_at: -1 });
pageViewSchema.index({ page_path: 1, viewed_at: -1 });
pageViewSchema.index({ recorded_at: 1 }, rawTtl);

const journeySchema = new Schema<JourneyDoc>(
  {
    session_id: { type: String, required: true },
    user_id: { type: String, default: null },
    from_page: { type: String, required: true },
    to_page: { type: String, required: true },
    transition_type: { type: String, required: true },
    at: { type: Date, required: true },
    recorded_at: { type: Date, required: true },
  },
  { versionKey: false, collection: ANALYTICS_JOURNEYS_COLLECTION },
);
journeySchema.index({ at: -1, _id: -1 });
journeySchema.index({ session_id: 1, at: -1 });
journeySchema.index({ recorded_at: 1 }, rawTtl);

const interactionSchema = new Schema<InteractionDoc>(
  {
    session_id: { type: String, required: true },
    user_id: { type: String, default: null },
    page_path: { type: String, required: true },
    interaction_type: { type: String, required: true },
    element_id: { type: String, default: '' },
    element_class: { type: String, default: '' },
    element_text: { type: String, default: '' },
    coordinates: { type: Schema.Types.Mixed, default: null },
    additional_data: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true },
    recorded_at: { type: Date, required: true },
  },
  { versionKey: false, collection: ANALYTICS_INTERACTIONS_COLLECTION },
);
interactionSchema.index({ at: -1, _id: -1 });
interactionSchema.index({ page_path: 1, at: -1 });
interactionSchema.index({ recorded_at: 1 }, rawTtl);

const countSchema = { _id: false, name: String, count: Number };
const dailySchema = new Schema<DailyDoc>(
  {
    _id: { type: String, required: true },
    totals: { type: Schema.Types.Mixed, required: true },
    pages: { type: Schema.Types.Mixed, default: [] },
    entry_pages: [countSchema],
    exit_pages: [countSchema],
    referrers: [countSchema],
    devices: [countSchema],
    browsers: [countSchema],
    journeys: { type: Schema.Types.Mixed, default: [] },
    presses: { type: Schema.Types.Mixed, default: [] },
    members: { type: Schema.Types.Mixed, required: true },
    final: { type: Boolean, required: true },
    rolled_at: { type: Date, required: true },
  },
  { versionKey: false, collection: ANALYTICS_DAILY_COLLECTION },
);

const memberSchema = new Schema<MemberDoc>(
  { _id: { type: String, required: true }, first_day: { type: String, required: true } },
  { versionKey: false, collection: ANALYTICS_MEMBERS_COLLECTION },
);
memberSchema.index({ first_day: 1 });

const saltSchema = new Schema<SaltDoc>(
  { _id: { type: String, required: true }, salt: { type: String, required: true }, created_at: { type: Date, required: true } },
  { versionKey: false, collection: ANALYTICS_SALTS_COLLECTION },
);
saltSchema.index({ created_at: 1 }, { expireAfterSeconds: SALT_TTL_SECONDS, name: 'salt_expiry' });

export interface AnalyticsModels {
  session: Model<SessionDoc>;
  pageView: Model<PageViewDoc>;
  journey: Model<JourneyDoc>;
  interaction: Model<InteractionDoc>;
  daily: Model<DailyDoc>;
  member: Model<MemberDoc>;
  salt: Model<SaltDoc>;
}

function model<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

export function analyticsModels(connection: Connection): AnalyticsModels {
  return {
    session: model(connection, 'AnalyticsSession', sessionSchema),
    pageView: model(connection, 'AnalyticsPageView', pageViewSchema),
    journey: model(connection, 'AnalyticsJourney', journeySchema),
    interaction: model(connection, 'AnalyticsInteraction', interactionSchema),
    daily: model(connection, 'AnalyticsDaily', dailySchema),
    member: model(connection, 'AnalyticsMember', memberSchema),
    salt: model(connection, 'AnalyticsSalt', saltSchema),
  };
}
