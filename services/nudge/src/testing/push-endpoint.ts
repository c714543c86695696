// A local push service for tests and the fan-out benchmark: an HTTP server on loopback (port 0)
// that receives what the nudge service posts for each subscription, answers with the status a test
// chooses, and can prove the request: the VAPID token (ES256 with the service's public key, aud =
// this origin) and the payload, decrypted with the subscription's own private key and auth secret.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import type { PushSubscriptionJson } from '@croft/contracts';

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The status this endpoint answered. */
  status: number;
}

export interface TestBrowser {
  path: string;
  subscription: PushSubscriptionJson;
  ecdh: ECDH;
  auth: Buffer;
}

export interface PushEndpoint {
  origin: string;
  received: ReceivedPush[];
  /** A browser's keys and a subscription whose endpoint is this server at `/push/<name>`. */
  browser(name: string): TestBrowser;
  /** The statuses to answer for a path, in turn (then 201). 0 = drop the connection without answering. */
  answer(path: string, ...statuses: number[]): void;
  /** A Retry-After header sent with this path's error answers. */
  retryAfter(path: string, value: string): void;
  close(): Promise<void>;
}

/** `keep` false: count requests only, keeping no bodies (the benchmark's 10,000). */
export async function startPushEndpoint(options: { keep?: boolean } = {}): Promise<PushEndpoint> {
  const keep = options.keep ?? true;
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const retryAfters = new Map<string, string>();
  const server = createServer({ noDelay: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => keep && chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = answers.get(path)?.shift() ?? 201;
      received.push({ path, headers: keep ? req.headers : {}, body: keep ? Buffer.concat(chunks) : Buffer.alloc(0), status });
      if (status === 0) {
        req.socket.destroy();
      } else {
        const after = status >= 400 ? retryAfters.get(path) : undefined;
        res.writeHead(status, { 'Content-Type': 'text/plain', ...(after ? { 'Retry-After': after } : {}) });
        res.end(status >= 400 ? `status ${status}` : '');
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    browser(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${name}`;
      return {
        path,
        ecdh,
        auth,
        subscription: { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      };
    },
    answer(path, ...statuses) {
      answers.set(path, [...(answers.get(path) ?? []), ...statuses]);
    },
    retryAfter(path, value) {
      retryAfters.set(path, value);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks a push as a push service would: `Authorization: vapid t=<JWT>, k=<key>` with k the
 * service's public key, the JWT signed ES256 by it, aud this endpoint's origin, exp in the future
 * (at most 24 h), sub a mailto: or https: contact. Answers the verified claims.
 */
export async function verifyVapid(push: ReceivedPush, origin: string, publicKey: string): Promise<JWTPayload> {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  if (match[2] !== publicKey) throw new Error('the VAPID key is not the service’s public key');
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID key is not an uncompressed P-256 point');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, 'ES256');
  const { payload, protectedHeader } = await jwtVerify(match[1], key, { audience: origin, algorithms: ['ES256'] });
  if (protectedHeader.alg !== 'ES256') throw new Error('the VAPID token is not ES256');
  const now = Math.floor(Date.now() / 1000);
  if (!payload.exp || payload.exp > now + 24 * 60 * 60) throw new Error('the VAPID token must expire within 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('the VAPID subject must be mailto: or https:');
  return payload;
}

/** Decrypts a push body (RFC 8291, aes128gcm) with the browser's private key and auth secret. */
export function decryptPush(push: ReceivedPush, browser: TestBrowser): unknown {
  if (push.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding is ${String(push.headers['content-encoding'])}`);
  const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') });
  return JSON.parse(plain.toString('utf8'));
}
