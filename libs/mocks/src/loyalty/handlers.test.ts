import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_ERROR_MESSAGES, type AddLoyaltyEntryResponse, type LoyaltyCardView } from '@croft/contracts';
import { listenForTests } from '../node';
import { loyaltyHandlers, type LoyaltyMockOptions } from './handlers';
import { loyaltyScenarios } from './scenarios';

// The loyalty mocks seen over plain fetch (the member's client drives them in
// libs/api-client/src/loyalty-mocks.test.ts): the refusals and paths that test leaves out.

const server = listenForTests({ beforeAll, afterEach, afterAll }, [], { formData: true });
const base = 'http://api.test/api/loyalty';
const auth = { authorization: 'Bearer t' };
const jpeg = (n: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, n])], { type: 'image/jpeg' });

const scenario = (id: string) => server.use(...loyaltyScenarios.find((s) => s.id === id)!.handlers());
const use = (options: LoyaltyMockOptions = {}) => server.use(...loyaltyHandlers({ uploadDelayMs: 0, ...options }));
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string } } });
const getCard = async () => (await (await fetch(`${base}/card`, { headers: auth })).json()) as LoyaltyCardView;

async function add(cardId: string, index: number, kind: 'punch' | 'reward', photo: Blob | null = jpeg(index)) {
  const form = new FormData();
  form.set('index', String(index));
  form.set('kind', kind);
  if (photo) form.set('photo', photo, 'cup.jpg');
  return json(await fetch(`${base}/cards/${cardId}/entries`, { method: 'POST', headers: auth, body: form }));
}

describe('loyaltyHandlers', () => {
  it('refuses a card that is not the open one, and an upload without a photo', async () => {
    use({ world: 'empty' });
    const { card } = await getCard();
    expect(await add('ffffffffffffffffffffffff', 1, 'punch')).toMatchObject({
      status: 404,
      body: { error: { code: 'card_not_found', message: LOYALTY_ERROR_MESSAGES.card_not_found } },
    });
    expect(await add(card!.id, 1, 'punch', null)).toMatchObject({ status: 400, body: { error: { code: 'photo_missing' } } });
    // The box rules come before the photo, as in the service.
    expect(await add(card!.id, 3, 'reward', null)).toMatchObject({ status: 409, body: { error: { code: 'reward_box' } } });
  });

  it('refuses an upload from a member who is not a subscriber', async () => {
    use({ world: 'three-punches', notSubscriber: true });
    const { card } = await getCard();
    expect(await add(card!.id, 4, 'punch')).toMatchObject({ status: 403, body: { error: { code: 'not_subscriber', message: LOYALTY_ERROR_MESSAGES.not_subscriber } } });
  });

  it('without a bearer token every member endpoint answers 401 not_authenticated', async () => {
    use();
    for (const [method, path] of [['GET', '/card'], ['POST', '/cards'], ['DELETE', '/entries/dddddddddddddddddddddddd']] as const) {
      expect(await json(await fetch(`${base}${path}`, { method })), `${method} ${path}`).toMatchObject({ status: 401, body: { error: { code: 'not_authenticated' } } });
    }
  });

  it('starts a regular card in the no-card world, once', async () => {
    use({ world: 'no-card' });
    const first = await json(await fetch(`${base}/cards`, { method: 'POST', headers: auth }));
    expect(first).toMatchObject({ status: 200, body: { created: true, card: { card_type: 'regular', punches_count: 0 } } });
    const again = await json(await fetch(`${base}/cards`, { method: 'POST', headers: auth }));
    expect(again.body).toMatchObject({ created: false, card: { id: (first.body.card as { id: string }).id } });
  });

  it('next-card-fails: completion answers next_card null and POST /cards fails', async () => {
    scenario('loyalty:next-card-fails');
    const { card } = await getCard();
    const done = await add(card!.id, 7, 'reward');
    expect(done.status).toBe(201);
    expect(done.body as unknown as AddLoyaltyEntryResponse).toMatchObject({ completed: true, next_card: null, card: { is_complete: true } });
    expect((await fetch(`${base}/cards`, { method: 'POST', headers: auth })).status).toBe(500);
    expect(await getCard()).toMatchObject({ card: null, entries: [] });
  });

  it('daily-limit: the first photo of the day is refused', async () => {
    scenario('loyalty:daily-limit');
    const { card } = await getCard();
    expect(await add(card!.id, 4, 'punch')).toMatchObject({ status: 429, body: { error: { code: 'daily_limit', message: LOYALTY_ERROR_MESSAGES.daily_limit } } });
  });

  it('staff lookup of anyone but the member is 404 member_not_found', async () => {
    use();
    expect(await json(await fetch(`${base}/staff/cards?email=someone%40example.com`, { headers: auth }))).toMatchObject({
      status: 404,
      body: { error: { code: 'member_not_found', message: 'No member with that email.' } },
    });
  });
});
