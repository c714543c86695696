import * as z from 'zod/mini';
import { emailSchema } from './email';
import { NEWSLETTER_INTERESTS } from './newsletter';

// ---------------------------------------------------------------------------------------------
// Nudges: web push to members' phones (spec 000 §2–§5, §7–§9; 001 §8; issue 14). A browser turns
// nudges on with its PushSubscription (endpoint + keys); the service stores it with its member
// (when signed in, or once an emailed link is followed), sends staff's nudges through web-push
// (VAPID, aes128gcm) and keeps a delivery log per nudge. The push payload is NudgePushPayload.
// ---------------------------------------------------------------------------------------------

/** Spec 001 §8: what the browser shows once the email that links the subscription has gone. */
export const NUDGE_EMAIL_LINK_MESSAGE = "You're in! Check your email to complete authentication and link your notifications." as const;

/** Spec 000 §7/§9: auto-link is called about 1 s after sign-in (or a load with a session), at most once per 30 s. */
export const NUDGE_AUTO_LINK_DELAY_MS = 1_000;
export const NUDGE_AUTO_LINK_THROTTLE_MS = 30_000;

export const NUDGE_TITLE_MAX = 80;
export const NUDGE_BODY_MAX = 240;
export const NUDGE_URL_MAX = 2_000;
/** Pushes in flight at once while a nudge fans out. */
export const NUDGE_SEND_CONCURRENCY = 20;
/** A push answered 429, 5xx or not at all is tried again after these delays (then it has failed). */
export const NUDGE_RETRY_DELAYS_MS = [30_000, 120_000, 480_000] as const;
/** An emailed link that ties a subscription to an address is valid this long, once. */
export const NUDGE_EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The httpOnly cookie naming this browser's subscription (set at subscribe; read by auto-link). */
export const NUDGE_DEVICE_COOKIE = 'cc_nudge_device';
export const NUDGE_BROWSER_MAX = 60;

export const NUDGE_ERROR_MESSAGES = {
  subscription_not_found: 'Nudges are not turned on in this browser.',
  nudge_not_found: 'Nudge not found.',
  not_cancellable: 'This nudge has already gone out or been cancelled.',
  no_subscriptions: 'You have no browser with nudges turned on to send a test to.',
  link_invalid: 'This link is not valid or has expired. Turn nudges on again to get a new one.',
  email_failed: 'We could not send the email just now. Please try again later.',
} as const;

const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'must be an ISO date-time in UTC'));
const id24 = (what: string) => z.string().check(z.regex(/^[0-9a-f]{24}$/, `must be a ${what} id`));
export const nudgeIdSchema = id24('nudge');

const base64url = (what: string, min: number, max: number) =>
  z.string().check(z.minLength(min, `${what} is too short`), z.maxLength(max, `${what} is too long`), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`));

/** Push services are https; `http:` only for loopback endpoints (local tests and benchmarks). */
export function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The browser's PushSubscription.toJSON(). */
export const pushSubscriptionJsonSchema = z.strictObject({
  endpoint: z.string().check(z.maxLength(1_000, 'endpoint is too long'), z.refine(isPushEndpoint, 'endpoint must be an https URL')),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes → 87 base64url characters). */
    p256dh: base64url('p256dh', 80, 100),
    /** The 16-byte auth secret (22 base64url characters). */
    auth: base64url('auth', 16, 32),
  }),
});
export type PushSubscriptionJson = z.input<typeof pushSubscriptionJsonSchema>;

export const nudgeTopicSchema = z.enum(NEWSLETTER_INTERESTS);
const topicsSchema = z.array(nudgeTopicSchema).check(
  z.maxLength(NEWSLETTER_INTERESTS.length),
  z.refine((list) => new Set(list).size === list.length, 'must not repeat a topic'),
);

/** POST /subscriptions: turn nudges on (or update this browser's topics); signed in or not. */
export const nudgeSubscribeRequestSchema = z.strictObject({
  subscription: pushSubscriptionJsonSchema,
  /** 'Chrome on Android', for the member's list of devices and staff's delivery log. */
  browser: z.string().check(z.trim(), z.minLength(1, 'browser is required'), z.maxLength(NUDGE_BROWSER_MAX, `must be at most ${NUDGE_BROWSER_MAX} characters`)),
  /** Newsletter interests this browser wants nudges about (default none). */
  topics: z.optional(topicsSchema),
});
export type NudgeSubscribeRequest = z.input<typeof nudgeSubscribeRequestSchema>;

/** This browser's subscription as its owner sees it. */
export const nudgeSubscriptionSchema = z.strictObject({
  id: z.string(),
  browser: z.string(),
  topics: z.array(nudgeTopicSchema),
  /** Linked to a member: through their account (signed in) or a confirmed email. */
  linked: z.boolean(),
  linked_via: z.nullable(z.enum(['account', 'email'])),
  created_at: isoDateTime,
  last_success_at: z.nullable(isoDateTime),
});
export type NudgeSubscription = z.infer<typeof nudgeSubscriptionSchema>;

export const nudgeSubscriptionResponseSchema = z.strictObject({ subscription: nudgeSubscriptionSchema });
/** A nudge the service delivered to this browser (GET /subscriptions/mine `recent`, newest first). */
export const nudgeReceivedSchema = z.strictObject({
  nudge_id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** When the push service accepted it for this browser. */
  delivered_at: isoDateTime,
});
export type NudgeReceived = z.infer<typeof nudgeReceivedSchema>;
/** How many delivered nudges `mine` lists. */
export const NUDGE_RECENT_LIMIT = 10;
export const nudgeMySubscriptionResponseSchema = z.strictObject({
  subscription: z.nullable(nudgeSubscriptionSchema),
  /** The last nudges delivered to this browser's subscription (empty when nudges are off here). */
  recent: z.array(nudgeReceivedSchema).check(z.maxLength(NUDGE_RECENT_LIMIT)),
});
export type NudgeMine = z.infer<typeof nudgeMySubscriptionResponseSchema>;

/** POST /unsubscribe: the endpoint is the credential (only this browser knows it). */
export const nudgeUnsubscribeRequestSchema = z.strictObject({ endpoint: pushSubscriptionJsonSchema.shape.endpoint });
export const nudgeUnsubscribeResponseSchema = z.strictObject({ removed: z.boolean() });

/** auto-link-push-subscription (spec 000 §7): no payload; `linked` says whether this browser's subscription is now the member's. */
export const nudgeAutoLinkResponseSchema = z.strictObject({ linked: z.boolean() });

/** POST /subscriptions/email-link: a visitor not signed in links this browser's subscription to an email. */
export const nudgeEmailLinkRequestSchema = z.strictObject({ email: emailSchema });
export const nudgeEmailLinkResponseSchema = z.strictObject({ sent: z.literal(true), message: z.literal(NUDGE_EMAIL_LINK_MESSAGE) });
export const nudgeEmailLinkConfirmQuerySchema = z.strictObject({ token: z.optional(z.string().check(z.maxLength(100))) });

export const nudgeVapidKeyResponseSchema = z.strictObject({
  /** The application server key for PushManager.subscribe (base64url, uncompressed P-256 point). */
  public_key: z.string(),
});

/** Spec 000 §3: an absolute address starting with http(s), or an internal path. Nothing else (no javascript:, no //host). */
export function isNudgeUrl(value: string): boolean {
  if (value.length === 0 || value.length > NUDGE_URL_MAX || /[\s\\]/.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}
export const nudgeUrlSchema = z.string().check(z.trim(), z.refine(isNudgeUrl, 'must be an http(s) address or a path on the site starting with /'));

/**
 * Who a nudge goes to: every browser, members', one person's (by email), or those that chose a topic.
 * A plain union: the visitors' shared zod/mini has no discriminatedUnion (tools/federation/zod-mini.mjs).
 */
const audienceOptions = [
  z.strictObject({ kind: z.literal('everyone') }),
  z.strictObject({ kind: z.literal('members') }),
  z.strictObject({ kind: z.literal('email'), email: emailSchema }),
  z.strictObject({ kind: z.literal('interest'), interest: nudgeTopicSchema }),
] as const;
export const nudgeAudienceSchema = z.union([...audienceOptions]);
export type NudgeAudience = z.infer<typeof nudgeAudienceSchema>;
/** As stored and shown: also 'test', a staff member's test send to their own browsers. */
export const nudgeStoredAudienceSchema = z.union([...audienceOptions, z.strictObject({ kind: z.literal('test'), user_id: z.string() })]);
export type NudgeStoredAudience = z.infer<typeof nudgeStoredAudienceSchema>;

const titleSchema = z.string().check(z.trim(), z.minLength(1, 'The title is required.'), z.maxLength(NUDGE_TITLE_MAX, `must be at most ${NUDGE_TITLE_MAX} characters`));
const bodySchema = z.string().check(z.trim(), z.minLength(1, 'The message is required.'), z.maxLength(NUDGE_BODY_MAX, `must be at most ${NUDGE_BODY_MAX} characters`));

export const nudgeRepeatSchema = z.strictObject({
  every: z.enum(['daily', 'weekly']),
  /** The last occurrence is at or before this instant. */
  until: isoDateTime,
});

/** Staff compose a nudge: sent now, or at `send_at`, optionally repeated. */
export const composeNudgeRequestSchema = z.strictObject({
  title: titleSchema,
  body: bodySchema,
  url: nudgeUrlSchema,
  audience: nudgeAudienceSchema,
  /** Absent: now. */
  send_at: z.optional(isoDateTime),
  repeat: z.optional(nudgeRepeatSchema),
});
export type ComposeNudgeRequest = z.input<typeof composeNudgeRequestSchema>;

export const testNudgeRequestSchema = z.strictObject({ title: titleSchema, body: bodySchema, url: nudgeUrlSchema });
export type TestNudgeRequest = z.input<typeof testNudgeRequestSchema>;

/** What the service worker receives (the push message's JSON). */
export const nudgePushPayloadSchema = z.strictObject({ title: z.string(), body: z.string(), url: z.string(), nudge_id: z.string() });
export type NudgePushPayload = z.infer<typeof nudgePushPayloadSchema>;

export const nudgeCountsSchema = z.strictObject({
  /** Browsers the nudge was addressed to. */
  targeted: z.int(),
  sent: z.int(),
  failed: z.int(),
  /** Answered 404/410: the subscription is gone and was removed. */
  removed: z.int(),
  /** Not yet sent or waiting for a retry. */
  pending: z.int(),
  clicks: z.int(),
});
export type NudgeCounts = z.infer<typeof nudgeCountsSchema>;

export const nudgeStateSchema = z.enum(['scheduled', 'sending', 'sent', 'cancelled']);

export const nudgeSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  audience: nudgeStoredAudienceSchema,
  state: nudgeStateSchema,
  send_at: isoDateTime,
  repeat: z.nullable(nudgeRepeatSchema),
  /** The first nudge of a repeated series (its own id for the first). */
  series_id: z.string(),
  /** 1 for the first send of a series, 2 for the next… */
  occurrence: z.int(),
  test: z.boolean(),
  created_by: z.nullable(z.string()),
  created_at: isoDateTime,
  finished_at: z.nullable(isoDateTime),
  counts: nudgeCountsSchema,
});
export type Nudge = z.infer<typeof nudgeSchema>;

export const nudgeListResponseSchema = z.strictObject({ items: z.array(nudgeSchema) });

export const nudgeDeliverySchema = z.strictObject({
  subscription_id: z.string(),
  browser: z.string(),
  email: z.nullable(z.string()),
  status: z.enum(['pending', 'retrying', 'sent', 'failed', 'removed']),
  attempts: z.int(),
  /** The push service's HTTP status of the last attempt (null: no answer). */
  status_code: z.nullable(z.int()),
  /** Why it failed or was removed; null when sent. */
  reason: z.nullable(z.string()),
  updated_at: isoDateTime,
});
export type NudgeDelivery = z.infer<typeof nudgeDeliverySchema>;

/** At most this many deliveries in a nudge's detail (the counts cover every one). */
export const NUDGE_DELIVERIES_SHOWN = 500;
export const nudgeDetailResponseSchema = z.strictObject({ nudge: nudgeSchema, deliveries: z.array(nudgeDeliverySchema) });
export type NudgeDetail = z.infer<typeof nudgeDetailResponseSchema>;

export const nudgeParamsSchema = z.strictObject({ id: nudgeIdSchema });
export const nudgeClickResponseSchema = z.strictObject({ counted: z.literal(true) });
export const testNudgeResponseSchema = z.strictObject({ nudge: nudgeSchema });
