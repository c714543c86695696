// Site analytics constants (spec 001 §3, §7, §9; issue 15) without schemas: the tracker
// (libs/analytics, on every visitor's page) imports these through @croft/contracts/analytics-routes
// and carries no zod.

/** Spec 001 §3: the analytics session id lives in session storage under this key. */
export const ANALYTICS_SESSION_KEY = 'cc_analytics_session';
/** The opt-out on /privacy lives in local storage under this key ('1' = do not record me). */
export const ANALYTICS_OPT_OUT_KEY = 'cc_analytics_opt_out';
/** Spec 001 §9: element text is cut to this many characters. */
export const ANALYTICS_TEXT_MAX = 100;
/** Spec 001 §9: a page view shorter than this is a bounce. */
export const ANALYTICS_BOUNCE_SECONDS = 5;
/** At most this many events in one batch. */
export const ANALYTICS_BATCH_MAX = 50;
/** The tracker sends its queue this often while the page is open (and on idle and pagehide). */
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
/** Spec 001 §7: the session upsert waits for idle time, or this long at most. */
export const ANALYTICS_SESSION_DEFER_MS = 2_000;
/** Raw events are kept this long (TTL); the daily aggregates stay. */
export const ANALYTICS_RAW_RETENTION_DAYS = 396; // 13 months
/** A request body larger than this is refused before it is parsed. */
export const ANALYTICS_BODY_MAX_BYTES = 64 * 1024;
/** Dashboards answer at most this many days at once. */
export const ANALYTICS_RANGE_MAX_DAYS = 366;

export const ANALYTICS_DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type AnalyticsDeviceType = (typeof ANALYTICS_DEVICE_TYPES)[number];
/** How a visitor went from one page to the next. */
export const ANALYTICS_TRANSITIONS = ['link', 'nav', 'back', 'gesture'] as const;
export type AnalyticsTransition = (typeof ANALYTICS_TRANSITIONS)[number];
export const ANALYTICS_INTERACTION_TYPES = ['click', 'submit', 'gesture'] as const;
export type AnalyticsInteractionType = (typeof ANALYTICS_INTERACTION_TYPES)[number];
