import webpush from 'web-push';
import type { NudgePushPayload } from '@croft/contracts';
import type { VapidKeys } from './vapid';

/** How long a push notification waits at the push service for an offline browser. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered in this long counts as a network failure (retried). */
export const PUSH_TIMEOUT_MS = 10_000;
/** A VAPID token is valid this long (RFC 8292 allows up to 24 h)… */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
/** …and reused for this long, so it never reaches a push service near its expiry. */
const VAPID_TOKEN_REUSE_MS = 60 * 60 * 1000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One push's outcome: 'sent' (2xx), 'gone' (404/410: the browser dropped the subscription, so it is
 * removed), 'retry' (429, 5xx, no answer: tried again later) or 'failed' (any other answer, e.g. a
 * 400 or 403, which another try would not change).
 */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number; reason: string }
  | { kind: 'retry'; status: number | null; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; status: number; reason: string };

export type PushSender = (target: PushTarget, payload: NudgePushPayload) => Promise<PushOutcome>;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Sends pushes with web-push's request (VAPID JWT for the endpoint's origin, payload encrypted
 * aes128gcm for the browser's keys), posted with fetch so the connections to a push service are
 * kept alive across a fan-out and every request has a deadline.
 */
export function webPushSender(keys: VapidKeys, subject: string, { timeoutMs = PUSH_TIMEOUT_MS }: { timeoutMs?: number } = {}): PushSender {
  // The VAPID token is per push service (aud = its origin) and valid 12 h: signed once an hour per
  // origin rather than once per push (a fan-out to 10,000 browsers on one service signs once).
  const tokens = new Map<string, { authorization: string; until: number }>();
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const cached = tokens.get(audience);
    if (cached && cached.until > Date.now()) return cached.authorization;
    const expires = Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', expires);
    tokens.set(audience, { authorization: Authorization, until: Date.now() + VAPID_TOKEN_REUSE_MS });
    return Authorization;
  };
  return async (target, payload) => {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      // vapidDetails null: the Authorization header is the cached token above.
      { vapidDetails: null as unknown as undefined, headers: { Authorization: authorizationFor(target.endpoint) }, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : `network error: ${error instanceof Error ? error.message : String(error)}`;
      return { kind: 'retry', status: null, reason: reason.slice(0, 200) };
    }
    const status = response.status;
    const text = (await response.text().catch(() => '')).slice(0, 200);
    if (status >= 200 && status < 300) return { kind: 'sent', status };
    if (status === 404 || status === 410) return { kind: 'gone', status, reason: `subscription gone (${status})` };
    if (status === 429 || status >= 500) {
      const after = retryAfterMs(response.headers.get('retry-after'));
      return { kind: 'retry', status, reason: `push service answered ${status}${text ? `: ${text}` : ''}`, ...(after === undefined ? {} : { retryAfterMs: after }) };
    }
    return { kind: 'failed', status, reason: `push service answered ${status}${text ? `: ${text}` : ''}` };
  };
}
