/**
 * Several instances, one database (issue 10, item 7): two gateways composed from the same module
 * list, each with its own MongoDB connection and its own module instances, on one embedded store
 * reached over its mongodb:// URI (as `npm run start:cluster` runs them). Whatever one instance
 * does, the other must see: sessions, rate limits and jobs live in the database, never in a
 * process's memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '@croft/embedded-mongo';
import { createIdentityService, identityConfigSchema, identityServiceConfig } from '@croft/identity-service';
import { decodeProtectedHeader } from 'jose';
import {
  createServiceApp,
  defineServiceModule,
  listen,
  loadConfig,
  manualClock,
  silentLogger,
  startComposition,
  baseConfigSchema,
  type JobRunOutcome,
  type MailMessage,
  type Mailer,
  type RunningComposition,
} from '@croft/service-kit';
import { gatewayHost } from './host';
import { GATEWAY_MODULES } from './modules';

const ORIGIN = 'http://localhost:3000';
const HOUR = 60 * 60_000;

/** Both instances send through one capture, as they would through one SMTP server. */
const outbox: MailMessage[] = [];
const mailer: Mailer = {
  send: async (message) => {
    outbox.push(message);
    return { messageId: `m${outbox.length}` };
  },
  close: () => undefined,
};

/** A module that only runs jobs: one one-off job due now, one hourly job; every run is recorded. */
const runs: { job: string; instance: string }[] = [];
const probeModule = defineServiceModule({
  name: 'probe',
  configSchema: baseConfigSchema(0),
  jobs: [
    { name: 'once', description: 'a one-off job both instances schedule with the same key' },
    { name: 'hourly', description: 'a recurring job both instances define' },
  ],
  async create({ jobs, clock }) {
    jobs.define('once', (ctx) => void runs.push({ job: 'once', instance: ctx.instanceId }));
    jobs.recurring('hourly', HOUR, (ctx) => void runs.push({ job: 'hourly', instance: ctx.instanceId }));
    await jobs.schedule('once', clock.now(), undefined, { key: 'cluster-test' });
    return { router: Router(), provides: {} };
  },
});

let store: EmbeddedMongo;
let staticDir: string;
let a: RunningComposition;
let b: RunningComposition;
// Both instances read the same (future) time: the store's TTL sweeper runs on the wall clock.
const clock = manualClock('2030-03-01T10:00:00Z');
const env = () => ({
  PORT: '0',
  MONGODB_URI: store.uri,
  MONGODB_DB: `cluster_${process.pid}`,
  PUBLIC_ORIGIN: ORIGIN,
  STATIC_DIR: staticDir,
  LOG_LEVEL: 'silent',
  // Shared by every instance (npm run start:cluster takes them from .data/local-secrets.json).
  CODE_PEPPER: 'cluster-pepper-0123456789-0123456789-abcdef',
  KEY_ENCRYPTION_SECRET: 'cluster-keys-0123456789-0123456789-abcdef',
  BLOB_URL_SECRET: 'b'.repeat(43),
  // A load balancer in front: each test acts from its own client address.
  TRUST_PROXY: 'loopback',
});

beforeAll(async () => {
  store = await startEmbeddedMongo({ port: 0 });
  staticDir = mkdtempSync(join(tmpdir(), 'gateway-cluster-'));
  const start = () =>
    startComposition(gatewayHost({ modules: [...GATEWAY_MODULES, probeModule] }), {
      env: env(),
      mailer,
      clock,
      logger: silentLogger(),
      // The test runs the jobs itself (runDueNow on both at once): no timers, nothing timing-bound.
      jobs: { poll: false },
    });
  // Both start at once on an empty database, as after a deploy: seeds and first keys race.
  [a, b] = await Promise.all([start(), start()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await store?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  body: Record<string, unknown> & { error?: { code: string } };
  refresh?: string;
}

/** A request to an instance (or any server: its base URL) from a client address behind the balancer. */
async function call(
  instance: RunningComposition | string,
  method: string,
  path: string,
  options: { body?: unknown; ip: string; bearer?: string; cookie?: string },
): Promise<Reply> {
  const headers: Record<string, string> = { Origin: ORIGIN, 'X-Forwarded-For': options.ip };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  if (options.cookie) headers.Cookie = `cc_refresh=${options.cookie}`;
  const base = typeof instance === 'string' ? instance : instance.server.url;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('cc_refresh='));
  const refresh = setCookie ? decodeURIComponent(setCookie.slice('cc_refresh='.length).split(';')[0]) : undefined;
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, refresh };
}

function lastCodeFor(email: string): string {
  const mail = outbox.filter((m) => m.to === email || (Array.isArray(m.to) && m.to.includes(email))).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
  return code;
}

describe('two gateway instances on one store', () => {
  it('are separate processes in all but the database: own connection, own module instances', () => {
    expect(a.mongo.connection).not.toBe(b.mongo.connection);
    expect(a.mongo.embedded).toBe(false);
    expect(a.mongo.uri).toBe(store.uri);
    expect(b.mongo.uri).toBe(store.uri);
    for (const name of ['newsletter', 'identity', 'content', 'venue']) {
      expect(a.composed.instances.get(name)).toBeDefined();
      expect(a.composed.instances.get(name)).not.toBe(b.composed.instances.get(name));
    }
    expect(a.server.port).not.toBe(b.server.port);
  });

  it('a session started on one is used, refreshed and ended on the other', async () => {
    const email = 'cluster-visitor@example.com';
    const ip = '10.1.0.1';
    // The code is sent by A and checked by B (one pepper, the code in the shared store).
    expect((await call(a, 'POST', '/api/identity/otp', { ip, body: { email, create_user: true } })).status).toBe(200);
    const verified = await call(b, 'POST', '/api/identity/verify', { ip, body: { email, token: lastCodeFor(email), type: 'email' } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const accessToken = verified.body.access_token as string;
    expect(verified.refresh).toBeTruthy();

    // B's token is accepted by A.
    const user = await call(a, 'GET', '/api/identity/user', { ip, bearer: accessToken });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(user.body.email).toBe(email);

    // Refreshed on A with B's cookie, then the new cookie works on B.
    const refreshed = await call(a, 'POST', '/api/identity/token?grant_type=refresh_token', { ip, cookie: verified.refresh });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.refresh).toBeTruthy();
    const again = await call(b, 'POST', '/api/identity/token?grant_type=refresh_token', { ip, cookie: refreshed.refresh });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // Signed out on A: B refuses the refresh token too.
    expect((await call(a, 'POST', '/api/identity/logout', { ip, bearer: again.body.access_token as string, cookie: again.refresh })).status).toBeLessThan(300);
    const after = await call(b, 'POST', '/api/identity/token?grant_type=refresh_token', { ip, cookie: again.refresh });
    expect(after.status).toBe(401);
  });

  it('rate limits are counted once for both: a budget split across instances runs out at the same request', async () => {
    // identity: codes per address (its own counters in MongoDB), 5 per 15 minutes.
    const email = 'limited@example.com';
    const codes = [];
    for (let i = 0; i < 6; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      codes.push((await call(instance, 'POST', '/api/identity/otp', { ip: `10.2.0.${i + 1}`, body: { email, create_user: true } })).status);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);

    // newsletter: sign-ups per address, 5 per hour (express-rate-limit with MongoRateLimitStore).
    const signUps = [];
    for (let i = 0; i < 6; i += 1) {
      const instance = i % 2 === 0 ? b : a;
      const body = { email: 'often@example.com', name: 'Often', consent: true };
      signUps.push((await call(instance, 'POST', '/api/newsletter/subscribe', { ip: `10.3.0.${i + 1}`, body })).status);
    }
    expect(signUps.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(signUps[5]).toBe(429);

    // venue: Common Good messages per client address, 5 per hour.
    const messages = [];
    for (let i = 0; i < 6; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      messages.push((await call(instance, 'POST', '/api/venue/common-good/messages', { ip: '10.4.0.1', body: { message: `hello ${i}` } })).status);
    }
    expect(messages).toEqual([201, 201, 201, 201, 201, 429]);

    // The limiters of both instances count in MongoDB: one document per key, every hit in it.
    const hits = await a.mongo.connection
      .collection<{ _id: string; hits: number }>('rate_limits')
      .find({}, { projection: { hits: 1 } })
      .toArray();
    const byPrefix = (prefix: string) => hits.filter((doc) => doc._id.startsWith(prefix));
    expect(byPrefix('rl:newsletter:subscribe-email:').map((doc) => doc.hits)).toEqual([6]);
    expect(byPrefix('rl:venue:messages-ip:').map((doc) => doc.hits)).toEqual([6]);
  });

  it('a job due once runs once across both instances', async () => {
    const outcomes: JobRunOutcome[] = [];
    // Three rounds of both instances claiming every service's due jobs at the same moment.
    for (let round = 0; round < 3; round += 1) {
      const all = await Promise.all([a, b].flatMap((instance) => [...instance.composed.jobs.values()].map((jobs) => jobs.runDueNow())));
      outcomes.push(...all.flat());
    }
    const ran = outcomes.map((o) => `${o.name}:${o.outcome}`).sort();
    expect(ran).toEqual(['analytics-rollup:ok', 'booking-mail-retry:ok', 'hourly:ok', 'once:ok', 'retention-sweep:ok', 'retention-sweep:ok']);
    expect(runs.map((r) => r.job).sort()).toEqual(['hourly', 'once']);
    const records = await a.mongo.connection.collection('job_runs').find({}).toArray();
    const counted = Object.fromEntries(
      ['probe/once', 'probe/hourly', 'newsletter/retention-sweep', 'venue/retention-sweep', 'venue/booking-mail-retry', 'analytics/analytics-rollup'].map((id) => [
        id,
        records.filter((r) => `${r.service}/${r.name}` === id).length,
      ]),
    );
    expect(counted).toEqual({
      'probe/once': 1,
      'probe/hourly': 1,
      'newsletter/retention-sweep': 1,
      'venue/retention-sweep': 1,
      'venue/booking-mail-retry': 1,
      'analytics/analytics-rollup': 1,
    });
    // The one-off job's document is shared: scheduled by both, one of them created it.
    expect(await a.mongo.connection.collection('jobs').countDocuments({ service: 'probe', name: 'once' })).toBe(1);
  });

  it('a key another instance made after this one read its keys is accepted at once, and signs here within a minute', async () => {
    // A third identity on the same database rotates the signing key and signs a session with it.
    const config = identityServiceConfig(loadConfig(identityConfigSchema, env()));
    const other = createIdentityService({ db: a.mongo.connection, mailer, clock, config, isActiveSubscriber: async () => false });
    const otherApp = await listen(createServiceApp({ name: 'identity', router: other.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: 'loopback' }));
    try {
      const newKid = await other.rotateSigningKey();
      const email = 'rotated@example.com';
      const ip = '10.5.0.1';
      const viaOther = otherApp.url;
      expect((await call(viaOther, 'POST', '/api/identity/otp', { ip, body: { email, create_user: true } })).status).toBe(200);
      const signed = await call(viaOther, 'POST', '/api/identity/verify', { ip, body: { email, token: lastCodeFor(email), type: 'email' } });
      expect(signed.status).toBe(200);
      expect(decodeProtectedHeader(signed.body.access_token as string).kid).toBe(newKid);
      for (const instance of [a, b]) {
        const user = await call(instance, 'GET', '/api/identity/user', { ip, bearer: signed.body.access_token as string });
        expect(user.status, JSON.stringify(user.body)).toBe(200);
      }

      // A minute on, A has re-read the keys and signs with the new one too.
      clock.advance(61_000);
      const again = await call(a, 'POST', '/api/identity/token?grant_type=refresh_token', { ip, cookie: signed.refresh });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(decodeProtectedHeader(again.body.access_token as string).kid).toBe(newKid);
    } finally {
      await otherApp.close();
    }
  });
});
