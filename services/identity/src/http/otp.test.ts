import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEmails } from '@croft/maildev';
import { createServiceApp, silentLogger } from '@croft/service-kit';
import { createIdentityService } from '../identity-service';
import { databaseDump, expectError, refreshCookieOf, requestCode, setCookieLine, signIn, startHarness, type Harness } from '../testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('otp', {
    limits: { failuresPerAccount: { windowMs: 3_600_000, limit: 8 }, verificationsPerIp: { windowMs: 15 * 60_000, limit: 40 } },
  });
});

afterAll(async () => {
  await h?.stop();
});

const verify = (email: string, token: string, ip = '10.8.0.1') =>
  request(h.app).post('/api/identity/verify').set('X-Forwarded-For', ip).send({ email, token, type: 'email' });

describe('POST /otp and POST /verify', () => {
  it('emails a 6-digit code and exchanges it for a session with an httpOnly SameSite=Lax refresh cookie', async () => {
    const code = await requestCode(h, 'New.Person@Example.com');
    const response = await verify('new.person@example.com', code);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: 'bearer', expires_in: 600, user: { email: 'new.person@example.com', roles: [], factors: [] } });
    expect(response.body.expires_at).toBe(Math.floor(h.clock.now().getTime() / 1000) + 600);
    const cookie = setCookieLine(response)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/identity/);
    expect(cookie).not.toMatch(/Secure/); // http origin in tests
    expect(await h.identity.models.user.countDocuments({ email: 'new.person@example.com' })).toBe(1);
  });

  it('gives the admin role to ADMIN_EMAIL', async () => {
    const { session } = await signIn(h, 'boss@croftcommon.co.uk');
    expect(session.user.roles).toEqual(['admin']);
  });

  it('stores codes only as keyed hashes: the plain code appears nowhere in the database', async () => {
    const code = await requestCode(h, 'hashed@example.com');
    const dump = await databaseDump(h);
    expect(dump).toContain('hashed@example.com');
    expect(dump).not.toContain(code);
    const stored = await h.identity.models.emailCode.findById('hashed@example.com').lean();
    expect(stored?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is single use', async () => {
    const code = await requestCode(h, 'once@example.com');
    expect((await verify('once@example.com', code)).status).toBe(200);
    expect(expectError(await verify('once@example.com', code), 400, 'invalid_code')).toBe('Invalid or expired code. Please try again.');
  });

  it('two parallel verifications of the same code open exactly one session', async () => {
    const code = await requestCode(h, 'race@example.com');
    const sessionsBefore = await h.identity.models.session.countDocuments({});
    const answers = await Promise.all([verify('race@example.com', code), verify('race@example.com', code), verify('race@example.com', code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(await h.identity.models.session.countDocuments({})).toBe(sessionsBefore + 1);
    expect(answers.filter((a) => refreshCookieOf(a)).length).toBe(1);
  });

  it('sets the refresh cookie Secure when the public origin is https', async () => {
    const secure = h.restart({ publicOrigin: 'https://croft.example' });
    const code = await requestCode(h, 'secure.cookie@example.com', { app: secure.app });
    const response = await request(secure.app).post('/api/identity/verify').send({ email: 'secure.cookie@example.com', token: code, type: 'email' });
    expect(response.status).toBe(200);
    expect(setCookieLine(response)).toMatch(/; Secure/);
    expect(setCookieLine(response)).toMatch(/HttpOnly/);
  });

  it('expires after 10 minutes (injected clock)', async () => {
    const code = await requestCode(h, 'late@example.com');
    h.clock.advance(10 * 60_000 - 1000);
    const codeStillGood = await requestCode(h, 'late2@example.com');
    h.clock.advance(2000);
    expectError(await verify('late@example.com', code), 400, 'code_expired');
    // late2's code was issued later, so it is still inside its 10 minutes.
    expect((await verify('late2@example.com', codeStillGood)).status).toBe(200);
  });

  it('locks a code after 5 wrong attempts, even for the right code afterwards', async () => {
    const code = await requestCode(h, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expectError(await verify('guess@example.com', wrong), 400, 'invalid_code');
    expectError(await verify('guess@example.com', code), 429, 'too_many_attempts');
    // A new code works again.
    const fresh = await requestCode(h, 'guess@example.com');
    expect((await verify('guess@example.com', fresh)).status).toBe(200);
  });

  it('a new code invalidates the previous one', async () => {
    const first = await requestCode(h, 'twice@example.com');
    const second = await requestCode(h, 'twice@example.com');
    if (first !== second) expectError(await verify('twice@example.com', first), 400, 'invalid_code');
    expect((await verify('twice@example.com', second)).status).toBe(200);
  });

  it('a code for unknown email is just invalid', async () => {
    expectError(await verify('nobody@example.com', '123456'), 400, 'invalid_code');
  });

  it('caps failed verifications per account per hour (configured 8 here, 100 by default)', async () => {
    const email = 'cap@example.com';
    let code = await requestCode(h, email, { ip: '10.9.0.1' });
    const wrong = () => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 5; i += 1) expectError(await verify(email, wrong()), 400, 'invalid_code');
    code = await requestCode(h, email, { ip: '10.9.0.1' });
    for (let i = 0; i < 3; i += 1) expectError(await verify(email, wrong()), 400, 'invalid_code');
    // 8 failures this hour: even the right code is refused now.
    expect(expectError(await verify(email, code), 429, 'too_many_failures')).toBe('Too many failed sign-in attempts. Please try again in an hour.');
    h.clock.advance(3_600_000 + 1000);
    code = await requestCode(h, email, { ip: '10.9.0.1' });
    expect((await verify(email, code)).status).toBe(200);
  });
});

describe('sending limits', () => {
  it('limits verifications per IP (configured 40 per 15 minutes here, 100 by default)', async () => {
    h.clock.advance(15 * 60_000 + 1000);
    for (let i = 0; i < 40; i += 1) expectError(await verify(`spray${i}@example.com`, '123456', '10.3.0.1'), 400, 'invalid_code');
    const message = expectError(await verify('spray-last@example.com', '123456', '10.3.0.1'), 429, 'rate_limited');
    expect(message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expectError(await verify('spray-last@example.com', '123456', '10.3.0.2'), 400, 'invalid_code');
  });

  const send = (email: string, ip: string) =>
    request(h.app).post('/api/identity/otp').set('X-Forwarded-For', ip).send({ email, create_user: true });

  it('allows 5 codes per email per 15 minutes, then answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i += 1) expect((await send('busy@example.com', `10.1.0.${i + 1}`)).status).toBe(200);
    const message = expectError(await send('busy@example.com', '10.1.0.99'), 429, 'rate_limited');
    expect(message).toBe('Too many codes requested. Please wait a few minutes and try again.');
    h.clock.advance(15 * 60_000 + 1000);
    expect((await send('busy@example.com', '10.1.0.100')).status).toBe(200);
  });

  it('allows 20 codes per IP per 15 minutes', async () => {
    for (let i = 0; i < 20; i += 1) expect((await send(`ip${i}@example.com`, '10.2.0.1')).status).toBe(200);
    expectError(await send('ip-next@example.com', '10.2.0.1'), 429, 'rate_limited');
    expect((await send('ip-next@example.com', '10.2.0.2')).status).toBe(200);
  });
});

describe('create_user and Secret Kitchens', () => {
  it('create_user false never creates a user: unknown email → 404 user_not_found, no email sent', async () => {
    const before = (await listEmails(h.maildev.webUrl)).length;
    const response = await request(h.app).post('/api/identity/otp').send({ email: 'ghost@example.com', create_user: false });
    expectError(response, 404, 'user_not_found');
    expect(await h.identity.models.user.countDocuments({ email: 'ghost@example.com' })).toBe(0);
    expect(await h.identity.models.emailCode.countDocuments({ _id: 'ghost@example.com' })).toBe(0);
    expect((await listEmails(h.maildev.webUrl)).length).toBe(before);
  });

  it('create_user false makes the account of an active newsletter subscriber (the loyalty sign-in), and of nobody else', async () => {
    h.members.add('subscriber@example.com');
    try {
      const { session } = await signIn(h, 'subscriber@example.com', { createUser: false });
      expect(session.user.email).toBe('subscriber@example.com');
      expect(await h.identity.models.user.countDocuments({ email: 'subscriber@example.com' })).toBe(1);
    } finally {
      h.members.delete('subscriber@example.com');
    }
    // A code asked for while subscribed, verified after unsubscribing, makes no account.
    h.members.add('leaver@example.com');
    const code = await requestCode(h, 'leaver@example.com', { createUser: false });
    h.members.delete('leaver@example.com');
    const verified = await request(h.app).post('/api/identity/verify').send({ type: 'email', email: 'leaver@example.com', token: code });
    expectError(verified, 404, 'user_not_found');
    expect(await h.identity.models.user.countDocuments({ email: 'leaver@example.com' })).toBe(0);
  });

  it('create_user false signs an existing user in', async () => {
    await signIn(h, 'regular@example.com');
    const { session } = await signIn(h, 'regular@example.com', { createUser: false });
    expect(session.user.email).toBe('regular@example.com');
  });

  it('a Secret Kitchens session (176400 s) needs the allow-list', async () => {
    await signIn(h, 'outsider@example.com');
    const response = await request(h.app)
      .post('/api/identity/otp')
      .send({ email: 'outsider@example.com', create_user: false, data: { session_duration: 176400 } });
    expect(expectError(response, 403, 'secret_kitchen_access_denied')).toBe('This email address is not authorized for Secret Kitchens.');
  });

  it('an invited Secret Kitchens partner can sign in at once: the seed gave them an account', async () => {
    const response = await request(h.app)
      .post('/api/identity/otp')
      .send({ email: 'chef@example.com', create_user: false, data: { session_duration: 176400 } });
    expect(response.status).toBe(200);
  });

  it('an allow-listed Secret Kitchens session lasts exactly 176400 s', async () => {
    await signIn(h, 'chef@example.com');
    const { refresh, response } = await signIn(h, 'chef@example.com', { createUser: false, data: { session_duration: 176400 } });
    const expires = /Expires=([^;]+)/.exec(setCookieLine(response)!)![1];
    expect(new Date(expires).getTime()).toBe(h.clock.now().getTime() + 176_400_000);
    h.clock.advance(176_400_000 - 60_000);
    const nearlyOver = await request(h.app).post('/api/identity/token?grant_type=refresh_token').set('Cookie', `cc_refresh=${refresh}`);
    expect(nearlyOver.status).toBe(200);
    // The access token never outlives the session.
    expect(nearlyOver.body.expires_in).toBe(60);
    h.clock.advance(61_000);
    const after = await request(h.app)
      .post('/api/identity/token?grant_type=refresh_token')
      .set('Cookie', `cc_refresh=${refreshCookieOf(nearlyOver)}`);
    expectError(after, 401, 'session_expired');
  });

  it('only 176400 is accepted as a session duration', async () => {
    const response = await request(h.app)
      .post('/api/identity/otp')
      .send({ email: 'chef@example.com', create_user: false, data: { session_duration: 999999 } });
    expectError(response, 400, 'invalid_request');
  });
});

describe('mail failure', () => {
  it('answers 502 email_send_failed and leaves no usable code behind', async () => {
    const identity = createIdentityService({
      db: h.mongo.connection,
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
        close: () => undefined,
      },
      clock: h.clock,
      logger: silentLogger(),
      config: { publicOrigin: 'http://localhost:3000', codePepper: 'p'.repeat(40) },
      isActiveSubscriber: async () => false,
    });
    const app = createServiceApp({ name: 'identity', router: identity.router, logger: silentLogger() });
    const response = await request(app).post('/api/identity/otp').send({ email: 'unlucky@example.com', create_user: true });
    expect(expectError(response, 502, 'email_send_failed')).toBe('Could not send code. Please try again.');
    expect(await h.identity.models.emailCode.countDocuments({ _id: 'unlucky@example.com' })).toBe(0);
  });
});
