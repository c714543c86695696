import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NUDGE_EMAIL_LINK_MESSAGE, NUDGE_ERROR_MESSAGES } from '@croft/contracts';
import { MOCK_VAPID_PUBLIC_KEY, nudgeHandlers, type NudgeMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import type { ApiError } from './api-error';
import { createNudgeClient, createNudgeStaffClient } from './nudge-client';

/** The nudge mocks (libs/mocks/src/nudge) keep the service's rules, seen through the clients. */
const server = listenForTests({ beforeAll, afterEach, afterAll });
const options = { baseUrl: 'http://api.test' };
let token: string | null = null;
const client = createNudgeClient({ ...options, getAccessToken: () => token });
const staff = createNudgeStaffClient({ ...options, getAccessToken: () => 'staff-token' });
const use = (opts: NudgeMockOptions = {}) => server.use(...nudgeHandlers(opts));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ApiError);
const SUBSCRIPTION = {
  endpoint: 'https://push.example/abc',
  expirationTime: null,
  keys: { p256dh: MOCK_VAPID_PUBLIC_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};

describe('nudge mocks through the nudge client', () => {
  it('turn on signed out, link by email ("You\'re in! …"), auto-link after sign-in, turn off', async () => {
    token = null;
    use();
    expect(await client.vapidPublicKey()).toBe(MOCK_VAPID_PUBLIC_KEY);
    expect((await client.mine()).subscription).toBeNull();
    expect(await refusal(client.linkByEmail('ada@example.com'))).toMatchObject({ status: 404, message: NUDGE_ERROR_MESSAGES.subscription_not_found });
    const on = await client.subscribe({ subscription: SUBSCRIPTION, browser: 'Firefox', topics: ['Film & Cinema'] });
    expect(on).toMatchObject({ browser: 'Firefox', topics: ['Film & Cinema'], linked: false });
    expect(await client.linkByEmail('ada@example.com')).toBe(NUDGE_EMAIL_LINK_MESSAGE);
    expect(await refusal(client.autoLink())).toMatchObject({ status: 401, code: 'not_signed_in' });
    token = 'member-token';
    expect(await client.autoLink()).toBe(true);
    expect((await client.mine()).subscription?.linked_via).toBe('account');
    expect(await client.unsubscribe(SUBSCRIPTION.endpoint)).toBe(true);
    expect((await client.mine()).subscription).toBeNull();
    expect(await client.autoLink()).toBe(false);
  });

  it('refuse what the service refuses: a bad subscription, a failed email', async () => {
    token = null;
    use({ world: 'on', emailFails: true });
    expect(await refusal(client.subscribe({ subscription: { ...SUBSCRIPTION, endpoint: 'javascript:alert(1)' }, browser: 'Firefox' }))).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await refusal(client.linkByEmail('ada@example.com'))).toMatchObject({ status: 502, code: 'email_failed' });
  });

  it('staff: compose now reaches the browser and the log counts it; scheduled can be cancelled once; clicks count', async () => {
    use({ world: 'history' });
    const before = await staff.list();
    expect(before.map((n) => n.state)).toEqual(['scheduled', 'sent']);
    const sent = await staff.compose({ title: 'Doors open', body: 'Come in', url: '/hall', audience: { kind: 'everyone' } });
    expect(sent).toMatchObject({ state: 'sent', counts: { targeted: 1, sent: 1 } });
    const log = await staff.detail(sent.id);
    expect(log.deliveries).toHaveLength(1);
    await client.click(sent.id);
    expect((await staff.detail(sent.id)).nudge.counts.clicks).toBe(1);
    const later = await staff.compose({ title: 'Later', body: 'Soon', url: 'https://croftcommon.co.uk/', audience: { kind: 'members' }, send_at: '2099-01-01T00:00:00Z' });
    expect(later.state).toBe('scheduled');
    expect((await staff.cancel(later.id)).state).toBe('cancelled');
    expect(await refusal(staff.cancel(later.id))).toMatchObject({ status: 409, code: 'not_cancellable' });
    expect(await refusal(staff.compose({ title: 'x', body: 'y', url: 'javascript:alert(1)', audience: { kind: 'everyone' } }))).toMatchObject({ status: 400 });
    expect((await staff.testSend({ title: 'Test', body: 'Only me', url: '/' })).test).toBe(true);
    // This browser lists what reached it, newest first; not the scheduled or cancelled ones.
    expect((await client.mine()).recent.map((n) => n.title)).toEqual(['Test', 'Doors open', 'Cinema tickets are out']);
  });

  it('a test send without a linked browser is refused with the service’s words', async () => {
    use({ world: 'on' });
    expect(await refusal(staff.testSend({ title: 'Test', body: 'Only me', url: '/' }))).toMatchObject({ status: 409, message: NUDGE_ERROR_MESSAGES.no_subscriptions });
  });
});
