// Factories for the nudge mocks: a browser's subscription, a nudge with its counts, a delivery log,
// all parsing with the nudge contract.
import type { Nudge, NudgeCounts, NudgeDelivery, NudgeSubscription } from '@croft/contracts';

/** A 24-hex id like the service's (the contract's params accept nothing else). */
export const mockNudgeId = (n: number) => n.toString(16).padStart(24, 'a');
/** The mocks' VAPID public key: a well-formed uncompressed P-256 point (65 bytes, base64url). */
export const MOCK_VAPID_PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
/** The mocks' member (whoever sends a bearer token). */
export const MOCK_NUDGE_MEMBER_EMAIL = 'ada@example.com';
const T0 = '2026-11-24T10:00:00.000Z';

export function buildNudgeSubscription(overrides: Partial<NudgeSubscription> = {}): NudgeSubscription {
  return { id: mockNudgeId(1), browser: 'Chrome on Android', topics: [], linked: false, linked_via: null, created_at: T0, last_success_at: null, ...overrides };
}

export function buildNudgeCounts(overrides: Partial<NudgeCounts> = {}): NudgeCounts {
  return { targeted: 0, sent: 0, failed: 0, removed: 0, pending: 0, clicks: 0, ...overrides };
}

export function buildNudge(overrides: Partial<Nudge> = {}): Nudge {
  const id = overrides.id ?? mockNudgeId(100);
  return {
    id,
    title: 'Cinema tickets are out',
    body: 'Secret Cinema: 50 seats, book now.',
    url: '/hall',
    audience: { kind: 'everyone' },
    state: 'sent',
    send_at: T0,
    repeat: null,
    series_id: id,
    occurrence: 1,
    test: false,
    created_by: 'sam@croftcommon.co.uk',
    created_at: T0,
    finished_at: T0,
    counts: buildNudgeCounts({ targeted: 3, sent: 2, removed: 1, clicks: 1 }),
    ...overrides,
  };
}

export function buildNudgeDelivery(overrides: Partial<NudgeDelivery> = {}): NudgeDelivery {
  return { subscription_id: mockNudgeId(1), browser: 'Chrome on Android', email: MOCK_NUDGE_MEMBER_EMAIL, status: 'sent', attempts: 1, status_code: 201, reason: null, updated_at: T0, ...overrides };
}

/** The delivery log matching buildNudge()'s counts: two sent, one browser gone (410). */
export function buildNudgeDeliveries(): NudgeDelivery[] {
  return [
    buildNudgeDelivery(),
    buildNudgeDelivery({ subscription_id: mockNudgeId(2), browser: 'Safari on iPhone', email: null }),
    buildNudgeDelivery({ subscription_id: mockNudgeId(3), browser: 'Firefox', email: null, status: 'removed', status_code: 410, reason: 'subscription gone (410)' }),
  ];
}
