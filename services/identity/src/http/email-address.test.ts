// Email addresses at identity's door: a huge hostile address is refused in linear time (ReDoS),
// only plain addresses are accepted and they are canonical before limits and storage, and only
// codes that were actually emailed use up the per-address quota.
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEmails } from '@croft/maildev';
import { sessionSchema } from '@croft/contracts';
import { createServiceApp, silentLogger, type MailMessage, type Mailer } from '@croft/service-kit';
import { createIdentityService } from '../identity-service';
import type { IdentityLimits } from '../domain/auth';
import { databaseDump, expectError, ORIGIN, startHarness, type Harness } from '../testing/harness';
import { registerOptions } from '../testing/passkey-flow';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('email_address');
});

afterAll(async () => {
  await h?.stop();
});

const PEPPER = 'test-pepper-0123456789-0123456789-abcdef';

/** Another identity instance on the same database, with its own mailer and limits. */
function serviceWith(mailer: Mailer, limits: Partial<IdentityLimits> = {}): Express {
  const identity = createIdentityService({
    db: h.mongo.connection,
    mailer,
    clock: h.clock,
    logger: silentLogger(),
    config: { publicOrigin: ORIGIN, codePepper: PEPPER, limits },
    isActiveSubscriber: async (email) => h.members.has(email),
  });
  return createServiceApp({ name: 'identity', router: identity.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: true });
}

/** Fails the first `failures` sends (as SMTP being down would), then sends through MailDev; `delayMs` per send. */
function flakyMailer(failures: number, delayMs = 0): Mailer & { attempts: number } {
  const mailer = {
    attempts: 0,
    async send(message: MailMessage) {
      mailer.attempts += 1;
      const attempt = mailer.attempts;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (attempt <= failures) throw new Error('smtp down');
      return h.mailer.send(message);
    },
    close() {},
  };
  return mailer;
}

async function mailsTo(address: string) {
  return (await listEmails(h.maildev.webUrl)).filter((m) => m.to.some((to) => to.address.toLowerCase() === address));
}

async function waitForMail(address: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length > before) return /\b(\d{6})\b/.exec(mails.at(-1)!.text ?? '')![1];
    if (Date.now() > deadline) throw new Error(`no email reached MailDev for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const otp = (app: Express, email: string, ip: string) =>
  request(app).post('/api/identity/otp').set('X-Forwarded-For', ip).send({ email, create_user: true });

describe('a 100 kB hostile address (ReDoS) is refused at once on every endpoint that takes an email', () => {
  /** `"a@" + "." * n + "@"` with n filling the body to the 100 kB limit (the reproduction). */
  const hostile = (body: (email: string) => Record<string, unknown>) => {
    const bare = JSON.stringify(body('a@@'));
    const email = `a@${'.'.repeat(102_400 - bare.length - 16)}@`;
    return JSON.stringify(body(email));
  };
  const handle = 'A'.repeat(43);
  const cases: [string, (email: string) => Record<string, unknown>][] = [
    ['/otp', (email) => ({ email, create_user: true })],
    ['/verify', (email) => ({ email, token: '123456', type: 'email' })],
    ['/rpc/is_email_domain_allowed', (email) => ({ email })],
    ['/rpc/check_secret_kitchen_access_status', (user_email) => ({ user_email })],
    ['/webauthn/create-session', (email) => ({ userHandle: handle, email, proof: 'A'.repeat(43) })],
    ['/membership/start-link', (email) => ({ userHandle: handle, email })],
    ['/membership/verify-link', (email) => ({ userHandle: handle, email, code: '123456' })],
  ];

  it.each(cases)('%s → 400 in well under a second', async (path, body) => {
    const payload = hostile(body);
    expect(payload.length).toBeGreaterThan(100_000);
    expect(payload.length).toBeLessThanOrEqual(102_400);
    const before = await databaseDump(h);
    const started = performance.now();
    const response = await request(h.app)
      .post(`/api/identity${path}`)
      .set('X-Forwarded-For', '10.90.0.1')
      .set('Content-Type', 'application/json')
      .send(payload);
    const elapsed = performance.now() - started;
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(400);
    // The unpatched pattern took ~14 s here; a linear check takes a few milliseconds.
    expect(elapsed).toBeLessThan(2_000);
    expect(await databaseDump(h)).toBe(before);
  });
});

describe('only a plain address is accepted, and in its canonical form', () => {
  const disguised = ['v@x.com(1)', '<v@x.com>', 'x<v@x.com>'];

  it.each(disguised)('%s is refused by /otp, /verify and start-link with 400, sending nothing', async (email) => {
    const mails = (await listEmails(h.maildev.webUrl)).length;
    const before = await databaseDump(h);
    expectError(await otp(h.app, email, '10.91.0.1'), 400, 'invalid_request');
    expectError(
      await request(h.app).post('/api/identity/verify').set('X-Forwarded-For', '10.91.0.1').send({ email, token: '123456', type: 'email' }),
      400,
      'invalid_request',
    );
    expect(await databaseDump(h)).toBe(before);
    const { userHandle } = await registerOptions(h);
    const afterHandle = await databaseDump(h);
    h.members.add(email);
    const link = await request(h.app).post('/api/identity/membership/start-link').set('X-Forwarded-For', '10.91.0.1').send({ userHandle, email });
    expect(expectError(link, 400, 'invalid_email')).toBe('Please enter a valid email.');
    expect(await databaseDump(h)).toBe(afterHandle);
    expect((await listEmails(h.maildev.webUrl)).length).toBe(mails);
  });

  it('a case and whitespace variant is the same account and the same limit key', async () => {
    const app = serviceWith(h.mailer, { codesPerEmail: { windowMs: 15 * 60_000, limit: 2 } });
    const address = 'same.person@example.com';
    let before = (await mailsTo(address)).length;
    expect((await otp(app, address, '10.92.0.1')).status).toBe(200);
    const first = await waitForMail(address, before);
    const signedIn = await request(app).post('/api/identity/verify').send({ email: address, token: first, type: 'email' });
    expect(signedIn.status).toBe(200);
    const userId = sessionSchema.parse(signedIn.body).user.id;

    before = (await mailsTo(address)).length;
    expect((await otp(app, '  Same.Person@EXAMPLE.com ', '10.92.0.2')).status).toBe(200);
    const second = await waitForMail(address, before);
    const again = await request(app).post('/api/identity/verify').send({ email: '\tSAME.person@example.COM ', token: second, type: 'email' });
    expect(again.status).toBe(200);
    const session = sessionSchema.parse(again.body);
    expect(session.user.id).toBe(userId);
    expect(session.user.email).toBe(address);

    // Both codes counted against one key: the third request, in yet another spelling, is limited.
    expectError(await otp(app, 'SAME.PERSON@example.com', '10.92.0.3'), 429, 'rate_limited');
    expect(await h.identity.models.user.countDocuments({ email: { $regex: /^same\.person@example\.com$/i } })).toBe(1);
  });
});

describe('only codes that were emailed count toward the per-address limit', () => {
  it('/otp: five failed sends (SMTP down), then the sixth request sends a code', async () => {
    const mailer = flakyMailer(5);
    const app = serviceWith(mailer);
    const address = 'outage@example.com';
    for (let i = 0; i < 5; i += 1) expectError(await otp(app, address, '10.93.0.1'), 502, 'email_send_failed');
    const before = (await mailsTo(address)).length;
    const response = await otp(app, address, '10.93.0.1');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const code = await waitForMail(address, before);
    const signedIn = await request(app).post('/api/identity/verify').send({ email: address, token: code, type: 'email' });
    expect(signedIn.status).toBe(200);
    expect(mailer.attempts).toBe(6);
  });

  it('start-link: five failed sends, then the sixth request sends a code', async () => {
    const mailer = flakyMailer(5);
    const app = serviceWith(mailer);
    const address = 'link-outage@example.com';
    h.members.add(address);
    const { userHandle } = await registerOptions(h);
    const startLink = () =>
      request(app).post('/api/identity/membership/start-link').set('X-Forwarded-For', '10.94.0.1').send({ userHandle, email: address });
    for (let i = 0; i < 5; i += 1) expectError(await startLink(), 502, 'email_send_failed');
    const before = (await mailsTo(address)).length;
    const response = await startLink();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await waitForMail(address, before);
    expect(mailer.attempts).toBe(6);
  });

  it('a parallel burst never sends more than the limit, and failed sends in a burst give their places back', async () => {
    // Slow failing sends: the whole burst is in flight at once.
    const failing = flakyMailer(Number.POSITIVE_INFINITY, 200);
    const failingApp = serviceWith(failing);
    const address = 'burst@example.com';
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => otp(failingApp, address, `10.95.0.${i + 1}`)));
    const statuses = burst.map((r) => r.status).sort();
    expect(failing.attempts).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 502).length).toBe(failing.attempts);
    expect(statuses.filter((s) => s !== 502).every((s) => s === 429)).toBe(true);

    // SMTP is back: a burst of 12 sends exactly 5 codes.
    const working = flakyMailer(0, 100);
    const workingApp = serviceWith(working);
    const second = await Promise.all(Array.from({ length: 12 }, (_, i) => otp(workingApp, address, `10.95.1.${i + 1}`)));
    expect(second.filter((r) => r.status === 200).length).toBe(5);
    expect(second.filter((r) => r.status === 429).length).toBe(7);
    expect(working.attempts).toBe(5);
  });

  it('a request refused for another reason (404, 403) uses up no code either', async () => {
    const app = serviceWith(h.mailer, { codesPerEmail: { windowMs: 15 * 60_000, limit: 2 } });
    const address = 'newcomer@example.com';
    for (let i = 0; i < 3; i += 1) {
      const response = await request(app).post('/api/identity/otp').set('X-Forwarded-For', '10.96.0.1').send({ email: address, create_user: false });
      expectError(response, 404, 'user_not_found');
    }
    expect((await otp(app, address, '10.96.0.1')).status).toBe(200);
  });
});
