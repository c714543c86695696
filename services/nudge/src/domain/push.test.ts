import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_TIMEOUT_MS, webPushSender, type PushTarget } from './push';

const payload = { title: 'Cinema tickets are out', body: 'Book now', url: '/hall', nudge_id: 'n1' };

/** A browser's push keys (P-256 public key and a 16-byte auth secret), as a subscription carries them. */
function browserKeys(): Pick<PushTarget, 'p256dh' | 'auth'> {
  const { publicKey } = webpush.generateVAPIDKeys();
  return { p256dh: publicKey, auth: Buffer.from('0123456789abcdef').toString('base64url') };
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

async function pushService(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/push/abc`;
}

describe('webPushSender deadlines', () => {
  it('waits 10 s for a push service by default', () => {
    expect(PUSH_TIMEOUT_MS).toBe(10_000);
  });

  it('counts a push service that never answers as "no answer in time", to be retried', async () => {
    let reached = 0;
    // Reads the request and never answers.
    const endpoint = await pushService((req) => {
      reached += 1;
      req.resume();
    });
    const send = webPushSender(webpush.generateVAPIDKeys(), 'mailto:hello@croftcommon.test', { timeoutMs: 300 });
    const outcome = await send({ endpoint, ...browserKeys() }, payload);
    expect(reached).toBe(1);
    expect(outcome).toEqual({ kind: 'retry', status: null, reason: 'no answer in time' });
  });

  it('does not cut off a push service that answers inside the deadline', async () => {
    const endpoint = await pushService((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(201).end(), 100);
    });
    const send = webPushSender(webpush.generateVAPIDKeys(), 'mailto:hello@croftcommon.test', { timeoutMs: 5_000 });
    expect(await send({ endpoint, ...browserKeys() }, payload)).toEqual({ kind: 'sent', status: 201 });
  });

  it('counts a refused connection as a network error, to be retried', async () => {
    const endpoint = await pushService(() => undefined);
    server!.close();
    await new Promise((r) => setTimeout(r, 50));
    const send = webPushSender(webpush.generateVAPIDKeys(), 'mailto:hello@croftcommon.test', { timeoutMs: 5_000 });
    const outcome = await send({ endpoint, ...browserKeys() }, payload);
    expect(outcome.kind).toBe('retry');
    expect(outcome).toMatchObject({ status: null, reason: expect.stringMatching(/^network error: /) });
  });
});
