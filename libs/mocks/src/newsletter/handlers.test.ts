import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../node';
import { newsletterHandlers } from './handlers';

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const post = async (path: string, body: unknown) => {
  const res = await fetch(`http://api.test/api/newsletter${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const valid = { email: 'Ada@Example.com', name: 'Ada', consent: true, birthday: '7/March', interests: ['Film & Cinema'] };

describe('newsletterHandlers', () => {
  it('subscribes, then answers updated for the same address in any case', async () => {
    const seen: unknown[] = [];
    server.use(...newsletterHandlers({ onSubscribe: (body) => seen.push(body) }));
    expect(await post('/subscribe', valid)).toEqual({ status: 201, body: { status: 'subscribed', welcome_email: 'sent' } });
    expect(await post('/subscribe', { ...valid, email: 'ada@example.com' })).toEqual({
      status: 200,
      body: { status: 'updated', welcome_email: 'sent' },
    });
    expect(seen).toHaveLength(2);
  });

  it('refuses bodies the contract refuses, without recording them', async () => {
    const seen: unknown[] = [];
    server.use(...newsletterHandlers({ onSubscribe: (body) => seen.push(body) }));
    for (const bad of [
      { ...valid, consent: false },
      { ...valid, birthday: '7-03' },
      { ...valid, interests: ['Knitting'] },
      { ...valid, admin: true },
      { ...valid, email: { $ne: '' } },
    ]) {
      const answer = await post('/subscribe', bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'invalid_request' } });
    }
    expect(seen).toEqual([]);
  });

  it('fails with the given envelope', async () => {
    server.use(...newsletterHandlers({ subscribeFails: { status: 429, code: 'rate_limited', message: 'Slow down.' } }));
    expect(await post('/subscribe', valid)).toEqual({ status: 429, body: { error: { code: 'rate_limited', message: 'Slow down.' } } });
  });

  it('unsubscribes a well-formed token and refuses others', async () => {
    server.use(...newsletterHandlers());
    expect(await post('/unsubscribe', { token: 'a'.repeat(43) })).toEqual({ status: 200, body: { status: 'unsubscribed' } });
    expect((await post('/unsubscribe', { token: 'short' })).status).toBe(404);
    expect((await post('/unsubscribe', {})).status).toBe(400);
  });
});
