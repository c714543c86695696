/** Test harness for the identity service: embedded store, MailDev, manual clock, HTTP app. */
import request from 'supertest';
import type { Express } from 'express';
import { expect } from 'vitest';
import { errorEnvelopeSchema, sessionSchema, type Session } from '@croft/contracts';
import {
  connectMongo,
  createMailer,
  createServiceApp,
  manualClock,
  silentLogger,
  type ManualClock,
  type Mailer,
  type MongoHandle,
} from '@croft/service-kit';
import { listEmails, startMailDev, type RunningMailDev } from '@croft/maildev';
import { createIdentityService, type IdentityService, type IdentityServiceConfig } from '../identity-service';

export const ORIGIN = 'http://localhost:3000';

export interface Harness {
  mongo: MongoHandle;
  maildev: RunningMailDev;
  mailer: Mailer;
  clock: ManualClock;
  identity: IdentityService;
  app: Express;
  members: Set<string>;
  /** Builds another service instance on the same database (a restart). */
  restart(config?: Partial<IdentityServiceConfig>): { identity: IdentityService; app: Express };
  stop(): Promise<void>;
}

let counter = 0;

export async function startHarness(name: string, config: Partial<IdentityServiceConfig> = {}): Promise<Harness> {
  counter += 1;
  const mongo = await connectMongo({ dbName: `identity_${name}_${process.pid}_${counter}` });
  const maildev = await startMailDev({ smtpPort: 0, webPort: 0 });
  const mailer = createMailer({ smtpUrl: maildev.smtpUrl, from: 'Croft Common <hello@croftcommon.local>' });
  // In the future: the store's TTL indexes run on real time and must not reap test documents.
  const clock = manualClock('2030-03-01T10:00:00Z');
  const members = new Set<string>();
  const build = (extra: Partial<IdentityServiceConfig> = {}) => {
    const identity = createIdentityService({
      db: mongo.connection,
      mailer,
      clock,
      logger: silentLogger(),
      config: {
        publicOrigin: ORIGIN,
        adminEmail: 'boss@croftcommon.co.uk',
        codePepper: 'test-pepper-0123456789-0123456789-abcdef',
        staffDomains: ['croftcommon.co.uk'],
        secretKitchenEmails: ['chef@example.com'],
        ...config,
        ...extra,
      },
      isActiveSubscriber: async (email) => members.has(email),
    });
    // trust proxy so tests can act from several client IPs with X-Forwarded-For.
    const app = createServiceApp({ name: 'identity', router: identity.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: true });
    return { identity, app };
  };
  const { identity, app } = build();
  await identity.seed();
  return {
    mongo,
    maildev,
    mailer,
    clock,
    identity,
    app,
    members,
    restart: build,
    async stop() {
      mailer.close();
      await maildev.stop();
      await mongo.stop();
    },
  };
}

export function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

async function emailsTo(h: Harness, email: string) {
  return (await listEmails(h.maildev.webUrl)).filter((m) => m.to.some((to) => to.address.toLowerCase() === email.toLowerCase()));
}

/** POST /otp, then reads the code from the new email in MailDev. */
export async function requestCode(
  h: Harness,
  email: string,
  options: { createUser?: boolean; data?: Record<string, unknown>; ip?: string; app?: Express } = {},
): Promise<string> {
  const before = (await emailsTo(h, email)).length;
  const response = await request(options.app ?? h.app)
    .post('/api/identity/otp')
    .set('X-Forwarded-For', options.ip ?? '10.0.0.1')
    .send({ email, create_user: options.createUser ?? true, ...(options.data ? { data: options.data } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toEqual({ sent: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await emailsTo(h, email);
    if (mails.length > before) {
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe('Your Croft Common sign-in code');
      expect(mail.text).toContain('valid for 10 minutes');
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      return code!;
    }
    if (Date.now() > deadline) throw new Error(`no code email reached MailDev for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function refreshCookieOf(response: request.Response): string | undefined {
  const raw = response.headers['set-cookie'] as unknown as string[] | undefined;
  const line = raw?.find((c) => c.startsWith('cc_refresh='));
  if (!line) return undefined;
  const value = line.slice('cc_refresh='.length).split(';')[0];
  return value === '' ? '' : decodeURIComponent(value);
}

export function setCookieLine(response: request.Response): string | undefined {
  const raw = response.headers['set-cookie'] as unknown as string[] | undefined;
  return raw?.find((c) => c.startsWith('cc_refresh='));
}

/** Full sign-in by emailed code: the session body and the refresh cookie. */
export async function signIn(
  h: Harness,
  email: string,
  options: { app?: Express; data?: Record<string, unknown>; createUser?: boolean } = {},
): Promise<{ session: Session; refresh: string; response: request.Response }> {
  const app = options.app ?? h.app;
  const code = await requestCode(h, email, { app, data: options.data, createUser: options.createUser });
  const response = await request(app).post('/api/identity/verify').send({ email, token: code, type: 'email' });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const session = sessionSchema.parse(response.body);
  const refresh = refreshCookieOf(response);
  expect(refresh).toBeTruthy();
  return { session, refresh: refresh!, response };
}

/** Every document in every collection of the test database, as JSON text. */
export async function databaseDump(h: Harness): Promise<string> {
  const db = h.mongo.connection.db!;
  const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
  const all: Record<string, unknown[]> = {};
  for (const name of names) all[name] = await db.collection(name).find({}).toArray();
  return JSON.stringify(all);
}
