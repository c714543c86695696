import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  LOYALTY_ERROR_MESSAGES,
  identityEndpoints,
  loyaltyCardViewSchema,
  staffLoyaltyLookupEndpoint,
  staffVoidLoyaltyEntryEndpoint,
  type LoyaltyCardView,
} from '@croft/contracts';
import {
  LOYALTY_WORLDS,
  MOCK_LOYALTY_MEMBER_EMAIL,
  buildLoyaltyWorld,
  identityHandlers,
  loyaltyHandlers,
  loyaltyScenarios,
  scenarioHandlers,
  type LoyaltyMockOptions,
} from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import type { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { createLoyaltyClient, type LoyaltyClient } from './loyalty-client';

const server = listenForTests({ beforeAll, afterEach, afterAll }, [], { formData: true });
const options = { baseUrl: 'http://api.test' };
const client = createLoyaltyClient({ ...options, getAccessToken: () => 'member-token' });

/** A tiny real JPEG header (what the service sniffs) with different tails. */
const jpeg = (n: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, n])], { type: 'image/jpeg' });

function use(opts: LoyaltyMockOptions = {}) {
  server.use(...loyaltyHandlers({ uploadDelayMs: 0, ...opts }));
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ApiError);

async function fill(card: LoyaltyClient, view: LoyaltyCardView, boxes: number[], kind: 'punch' | 'reward', seed = 0) {
  let last;
  for (const index of boxes) last = await card.addPhoto({ cardId: view.card!.id, index, kind, photo: jpeg(seed + index) });
  return last!;
}

/** The loyalty mocks (libs/mocks/src/loyalty) keep the service's rules, seen through the member's client. */
describe('loyalty mocks', () => {
  it('every world parses with the contract', () => {
    for (const name of LOYALTY_WORLDS) {
      const { card, entries, past } = buildLoyaltyWorld(name);
      expect(z.safeParse(loyaltyCardViewSchema, { card, entries, past }).success, name).toBe(true);
    }
  });

  it('applies the card rules with the service codes and words', async () => {
    use({ world: 'empty' });
    const view = await client.getCard();
    const cases: [number, 'punch' | 'reward', keyof typeof LOYALTY_ERROR_MESSAGES][] = [
      [7, 'reward', 'not_unlocked'],
      [3, 'reward', 'reward_box'],
      [7, 'punch', 'invalid_box'],
    ];
    for (const [index, kind, code] of cases) {
      const error = await refusal(client.addPhoto({ cardId: view.card!.id, index, kind, photo: jpeg(1) }));
      expect(error).toMatchObject({ code, message: LOYALTY_ERROR_MESSAGES[code] });
    }
    await client.addPhoto({ cardId: view.card!.id, index: 1, kind: 'punch', photo: jpeg(1) });
    expect(await refusal(client.addPhoto({ cardId: view.card!.id, index: 1, kind: 'punch', photo: jpeg(2) }))).toMatchObject({ code: 'box_taken', status: 409 });
    const notPhoto = new Blob(['<svg/>'], { type: 'image/svg+xml' });
    expect(await refusal(client.addPhoto({ cardId: view.card!.id, index: 2, kind: 'punch', photo: notPhoto }))).toMatchObject({ code: 'photo_type', status: 415 });
  });

  it('six punches and the reward complete a card: the next one is made and the old one is past', async () => {
    use({ world: 'empty', dailyCap: 10 });
    const view = await client.getCard();
    const sixth = await fill(client, view, [1, 2, 3, 4, 5, 6], 'punch');
    expect(sixth.card).toMatchObject({ punches_count: 6, rewards_count: 0, is_complete: false });
    const done = await fill(client, view, [7], 'reward');
    expect(done).toMatchObject({ completed: true, card: { is_complete: true }, next_card: { card_type: 'regular', punches_count: 0 } });
    const after = await client.getCard();
    expect(after.card?.id).toBe(done.next_card?.id);
    expect(after.past[0]).toMatchObject({ id: view.card!.id, entries: 7 });
  });

  it('the sixth completed regular card brings a lucky7 card, which takes rewards only', async () => {
    use({ world: 'lucky7-next' });
    const view = await client.getCard();
    const done = await fill(client, view, [7], 'reward');
    expect(done.next_card).toMatchObject({ card_type: 'lucky7', punches_required: 0, rewards_required: 7 });
    const lucky = await client.getCard();
    expect(await refusal(client.addPhoto({ cardId: lucky.card!.id, index: 2, kind: 'punch', photo: jpeg(9) }))).toMatchObject({
      code: 'lucky7_rewards_only',
      message: 'Lucky #7 card',
    });
    expect((await client.addPhoto({ cardId: lucky.card!.id, index: 2, kind: 'reward', photo: jpeg(9) })).card.rewards_count).toBe(1);
  });

  it('deleting a photo takes it off the card and the count drops; an unknown entry is 404 Entry not found', async () => {
    use({ world: 'five-punches' });
    const view = await client.getCard();
    const { card } = await client.deleteEntry(view.entries[4].id);
    expect(card).toMatchObject({ punches_count: 4, is_complete: false });
    expect((await client.getCard()).entries).toHaveLength(4);
    expect(await refusal(client.deleteEntry(view.entries[4].id))).toMatchObject({ status: 404, message: 'Entry not found' });
  });

  it('an uploaded photo is served back at its URL', async () => {
    use({ world: 'empty' });
    const view = await client.getCard();
    const { entry } = await client.addPhoto({ cardId: view.card!.id, index: 1, kind: 'punch', photo: jpeg(42) });
    const res = await fetch(`${options.baseUrl}${entry.thumbUrl}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await res.arrayBuffer()).at(-1)).toBe(42);
  });

  it('refuses a non-subscriber, the daily cap, and anyone without a token', async () => {
    use({ world: 'no-card', notSubscriber: true });
    expect(await refusal(client.startCard())).toMatchObject({ status: 403, message: LOYALTY_ERROR_MESSAGES.not_subscriber });
    server.resetHandlers();
    use({ world: 'empty', dailyCap: 1 });
    const view = await client.getCard();
    await client.addPhoto({ cardId: view.card!.id, index: 1, kind: 'punch', photo: jpeg(1) });
    expect(await refusal(client.addPhoto({ cardId: view.card!.id, index: 2, kind: 'punch', photo: jpeg(2) }))).toMatchObject({ status: 429, code: 'daily_limit' });
    const res = await fetch(`${options.baseUrl}/api/loyalty/card`);
    expect(res.status).toBe(401);
  });

  it('staff look the member up by email and void an entry', async () => {
    use({ world: 'three-punches' });
    const view = await client.getCard();
    const headers = { authorization: 'Bearer staff' };
    const { cards } = await callEndpoint(options, staffLoyaltyLookupEndpoint, { query: { email: MOCK_LOYALTY_MEMBER_EMAIL } }, { headers });
    expect(cards[0].entries).toHaveLength(3);
    await callEndpoint(options, staffVoidLoyaltyEntryEndpoint, { params: { id: view.entries[0].id }, body: { reason: 'Same cup twice' } }, { headers });
    expect((await client.getCard()).card?.punches_count).toBe(2);
  });

  it('every loyalty scenario resolves and answers the card', async () => {
    for (const scenario of loyaltyScenarios) {
      server.resetHandlers(...scenarioHandlers([scenario.id]));
      const answer = await refusal(client.getCard());
      if (scenario.id === 'loyalty:load-fails') expect(answer).toMatchObject({ status: 500 });
      else expect(answer, scenario.id).toBeNull();
    }
  });
});

describe('identity mock: create_user false', () => {
  it('refuses an unknown… address with the service words, and sends to anyone with create_user true', async () => {
    server.use(...identityHandlers());
    const send = (email: string, create_user: boolean) => refusal(callEndpoint(options, identityEndpoints.sendOtp, { body: { email, create_user } }));
    expect(await send('unknown@example.com', false)).toMatchObject({ status: 404, code: 'user_not_found', message: expect.stringContaining('Please sign up first') });
    expect(await send('unknown@example.com', true)).toBeNull();
    expect(await send('member@example.com', false)).toBeNull();
  });
});
