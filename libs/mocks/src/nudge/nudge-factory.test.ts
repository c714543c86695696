import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { nudgeDeliverySchema, nudgeDetailResponseSchema, nudgeSchema, nudgeSubscriptionSchema, nudgeVapidKeyResponseSchema } from '@croft/contracts';
import { MOCK_VAPID_PUBLIC_KEY, buildNudge, buildNudgeDeliveries, buildNudgeSubscription } from './nudge-factory';

describe('nudge factories', () => {
  it('parse with the nudge contract', () => {
    expect(z.safeParse(nudgeSchema, buildNudge()).success).toBe(true);
    expect(z.safeParse(nudgeSchema, buildNudge({ state: 'scheduled', repeat: { every: 'weekly', until: '2026-12-31T00:00:00.000Z' } })).success).toBe(true);
    expect(z.safeParse(nudgeSubscriptionSchema, buildNudgeSubscription({ linked: true, linked_via: 'email' })).success).toBe(true);
    for (const d of buildNudgeDeliveries()) expect(z.safeParse(nudgeDeliverySchema, d).success).toBe(true);
    expect(z.safeParse(nudgeDetailResponseSchema, { nudge: buildNudge(), deliveries: buildNudgeDeliveries() }).success).toBe(true);
    expect(z.safeParse(nudgeVapidKeyResponseSchema, { public_key: MOCK_VAPID_PUBLIC_KEY }).success).toBe(true);
  });

  it('the delivery log agrees with the nudge’s counts, and the key is an uncompressed P-256 point', () => {
    const log = buildNudgeDeliveries();
    const { counts } = buildNudge();
    expect(log.filter((d) => d.status === 'sent')).toHaveLength(counts.sent);
    expect(log.filter((d) => d.status === 'removed')).toHaveLength(counts.removed);
    expect(log).toHaveLength(counts.targeted);
    const raw = Uint8Array.from(atob(MOCK_VAPID_PUBLIC_KEY.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) => c.charCodeAt(0));
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
  });
});
