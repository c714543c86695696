import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { listEmails } from '@croft/maildev';
import { checkMembershipResponseSchema } from '@croft/contracts';
import { createServiceApp, silentLogger } from '@croft/service-kit';
import { createIdentityService } from '../identity-service';
import { databaseDump, expectError, ORIGIN, startHarness, type Harness } from '../testing/harness';
import {
  assertPasskey,
  post,
  registerOptions,
  registerPasskey,
  requestLinkCode,
  RP,
  softAuthenticator,
} from '../testing/passkey-flow';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('membership', { limits: { webauthnPerIp: { windowMs: 60_000, limit: 10_000 } } });
});

afterAll(async () => {
  await h?.stop();
});

const newHandle = async () => (await registerOptions(h)).userHandle;
const check = async (userHandle: string) => {
  const response = await post(h, '/membership/check', { userHandle });
  expect(response.status).toBe(200);
  return checkMembershipResponseSchema.parse(response.body);
};
const verifyLink = (userHandle: string, email: string, code: string, ip = '10.22.0.1') =>
  post(h, '/membership/verify-link', { userHandle, email, code }, ip);

describe('membership links', () => {
  it('start-link refuses an invalid email (400 invalid_email) and a non-subscriber (403 not_subscribed), sending nothing', async () => {
    const userHandle = await newHandle();
    const mails = (await listEmails(h.maildev.webUrl)).length;
    for (const email of ['', 'not-an-email', 'a@b', 'two words@example.com']) {
      const message = expectError(await post(h, '/membership/start-link', { userHandle, email }), 400, 'invalid_email');
      expect(message).toBe('Please enter a valid email.');
    }
    const message = expectError(await post(h, '/membership/start-link', { userHandle, email: 'stranger@example.com' }), 403, 'not_subscribed');
    expect(message).toBe('That email is not an active subscriber.');
    expect((await listEmails(h.maildev.webUrl)).length).toBe(mails);
    expect(await h.identity.models.linkCode.countDocuments({})).toBe(0);
  });

  it('links a handle with the emailed code; check answers all four flags, asked live', async () => {
    const userHandle = await newHandle();
    expect(await check(userHandle)).toEqual({ linked: false, isLinked: false, linkedAndActive: false, active: false });
    h.members.add('sub@example.com');
    const code = await requestLinkCode(h, userHandle, ' Sub@Example.com ');
    const dump = await databaseDump(h);
    expect(dump).not.toContain(`"${code}"`);
    const response = await verifyLink(userHandle, 'sub@example.com', code);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ linked: true });
    const link = await h.identity.models.membershipLink.findById(userHandle).lean();
    expect(link).toMatchObject({ email: 'sub@example.com' });
    expect(link!.linked_at.toISOString()).toBe(h.clock.now().toISOString());
    expect(await check(userHandle)).toEqual({ linked: true, isLinked: true, linkedAndActive: true, active: true });
    h.members.delete('sub@example.com');
    expect(await check(userHandle)).toEqual({ linked: true, isLinked: true, linkedAndActive: false, active: false });
    h.members.add('sub@example.com');
  });

  it('register-verify says requiresLinking false once the handle is linked to an active subscriber', async () => {
    const authenticator = softAuthenticator();
    const { userHandle, verify } = await registerPasskey(h, authenticator);
    expect(verify.requiresLinking).toBe(true);
    h.members.add('linked.first@example.com');
    const code = await requestLinkCode(h, userHandle, 'linked.first@example.com');
    expect((await verifyLink(userHandle, 'linked.first@example.com', code)).status).toBe(200);
    const proof = (await assertPasskey(h, authenticator, userHandle, { credential: authenticator.credentials[0] })).proof!;
    const second = await registerPasskey(h, softAuthenticator(), userHandle, proof);
    expect(second.verify).toEqual({ verified: true, userHandle, requiresLinking: false });
  });

  it('auth-verify answers hasExistingLink only while the linked email is an active subscriber (asked live)', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    h.members.add('lapsed.passkey@example.com');
    const code = await requestLinkCode(h, userHandle, 'lapsed.passkey@example.com');
    expect((await verifyLink(userHandle, 'lapsed.passkey@example.com', code)).status).toBe(200);
    expect((await assertPasskey(h, authenticator, userHandle)).hasExistingLink).toBe(true);
    // Unsubscribed: not a member from that moment, so the passkey no longer opens the gate.
    h.members.delete('lapsed.passkey@example.com');
    const lapsed = await assertPasskey(h, authenticator, userHandle);
    expect(lapsed).toMatchObject({ verified: true, userHandle, hasExistingLink: false });
  });

  it('verify-link: a wrong code, another email, another handle or a used code → 400 invalid_code', async () => {
    const userHandle = await newHandle();
    const other = await newHandle();
    h.members.add('careful@example.com');
    const code = await requestLinkCode(h, userHandle, 'careful@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const message = expectError(await verifyLink(userHandle, 'careful@example.com', wrong), 400, 'invalid_code');
    expect(message).toBe('Invalid or expired code. Please try again.');
    expectError(await verifyLink(userHandle, 'other@example.com', code), 400, 'invalid_code');
    expectError(await verifyLink(other, 'careful@example.com', code), 400, 'invalid_code');
    expect(await h.identity.models.membershipLink.countDocuments({ _id: { $in: [userHandle, other] } })).toBe(0);
    expect((await verifyLink(userHandle, 'careful@example.com', code)).status).toBe(200);
    expectError(await verifyLink(userHandle, 'careful@example.com', code), 400, 'invalid_code');
  });

  it('a code expires after 10 minutes and locks after 5 wrong attempts', async () => {
    const late = await newHandle();
    const guessed = await newHandle();
    h.members.add('slow@example.com');
    const lateCode = await requestLinkCode(h, late, 'slow@example.com');
    h.clock.advance(600_000);
    expectError(await verifyLink(late, 'slow@example.com', lateCode), 400, 'invalid_code');

    const code = await requestLinkCode(h, guessed, 'slow@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expectError(await verifyLink(guessed, 'slow@example.com', wrong), 400, 'invalid_code');
    expectError(await verifyLink(guessed, 'slow@example.com', code), 400, 'invalid_code');
    expect(await check(guessed)).toMatchObject({ linked: false });
  });

  it('wrong link codes count toward the account\'s failed-verification cap shared with sign-in codes (100 per hour by default)', async () => {
    const capped = h.restart({
      limits: { failuresPerAccount: { windowMs: 3_600_000, limit: 6 }, webauthnPerIp: { windowMs: 60_000, limit: 10_000 } },
    });
    const email = 'guess.many@example.com';
    h.members.add(email);
    const verifyOn = (userHandle: string, code: string) =>
      request(capped.app).post('/api/identity/membership/verify-link').set('X-Forwarded-For', '10.24.0.1').send({ userHandle, email, code });
    const first = await newHandle();
    const firstCode = await requestLinkCode(h, first, email);
    const wrongFirst = firstCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expectError(await verifyOn(first, wrongFirst), 400, 'invalid_code');
    // A fresh code on another handle does not buy fresh guesses for the same account.
    const second = await newHandle();
    const secondCode = await requestLinkCode(h, second, email);
    const wrongSecond = secondCode === '000000' ? '111111' : '000000';
    expectError(await verifyOn(second, wrongSecond), 400, 'invalid_code');
    expectError(await verifyOn(second, secondCode), 429, 'too_many_failures');
    expect(await check(second)).toMatchObject({ linked: false });
    // The same budget guards the account's sign-in codes.
    expectError(
      await request(capped.app).post('/api/identity/verify').set('X-Forwarded-For', '10.24.0.2').send({ email, token: '123456', type: 'email' }),
      429,
      'too_many_failures',
    );
  });

  it('start-link is rate limited per email (5 per 15 minutes)', async () => {
    h.clock.advance(15 * 60_000 + 1000);
    h.members.add('eager@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect((await post(h, '/membership/start-link', { userHandle: await newHandle(), email: 'eager@example.com' }, `10.23.0.${i}`)).status).toBe(200);
    }
    expectError(await post(h, '/membership/start-link', { userHandle: await newHandle(), email: 'eager@example.com' }, '10.23.1.1'), 429, 'rate_limited');
  });

  it('a failed send answers 502 and keeps no code', async () => {
    const failing = {
      async send() {
        throw new Error('smtp down');
      },
      close() {},
    };
    const identity = createIdentityService({
      db: h.mongo.connection,
      mailer: failing,
      clock: h.clock,
      logger: silentLogger(),
      config: { publicOrigin: ORIGIN, codePepper: 'test-pepper-0123456789-0123456789-abcdef' },
      isActiveSubscriber: async () => true,
    });
    const app = createServiceApp({ name: 'identity', router: identity.router, logger: silentLogger(), publicOrigin: ORIGIN });
    const userHandle = await newHandle();
    const response = await request(app).post('/api/identity/membership/start-link').send({ userHandle, email: 'unlucky@example.com' });
    expect(expectError(response, 502, 'email_send_failed')).toBe('Could not send code. Please try again.');
    expect(await h.identity.models.linkCode.countDocuments({ _id: userHandle })).toBe(0);
  });
});

describe('hostile passkey and membership bodies → 400 and nothing changes', () => {
  const handle = 'A'.repeat(43);
  const attResp = {
    id: 'abc',
    rawId: 'abc',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
    type: 'public-key',
  };
  const hostile: [string, string, unknown][] = [
    ['register-options unknown key', '/webauthn/register-options', { displayName: 'x', ...RP, admin: true }],
    ['register-options operator handle', '/webauthn/register-options', { userHandle: { $ne: null }, displayName: 'x', ...RP }],
    ['register-options short handle', '/webauthn/register-options', { userHandle: 'abc', displayName: 'x', ...RP }],
    ['register-options long name', '/webauthn/register-options', { displayName: 'x'.repeat(65), ...RP }],
    ['register-options no rpId', '/webauthn/register-options', { displayName: 'x', origin: RP.origin }],
    ['register-verify $ key in attResp', '/webauthn/register-verify', { userHandle: handle, attResp: { ...attResp, $where: '1' }, ...RP }],
    ['register-verify wrong type', '/webauthn/register-verify', { userHandle: handle, attResp: { ...attResp, type: 'password' }, ...RP }],
    ['register-verify not base64url', '/webauthn/register-verify', { userHandle: handle, attResp: { ...attResp, id: 'a b' }, ...RP }],
    ['auth-options discoverable string', '/webauthn/auth-options', { ...RP, discoverable: 'yes' }],
    ['auth-verify missing signature', '/webauthn/auth-verify', { authResp: { ...attResp, response: { clientDataJSON: 'e30', authenticatorData: 'AA' } }, ...RP }],
    ['create-session operator proof', '/webauthn/create-session', { userHandle: handle, email: 'a@example.com', proof: { $gt: '' } }],
    ['create-session bad email', '/webauthn/create-session', { userHandle: handle, email: 'nope', proof: 'A'.repeat(43) }],
    ['clear operator handle', '/webauthn/clear', { userHandle: { $regex: '.*' } }],
    ['start-link operator email', '/membership/start-link', { userHandle: handle, email: { $ne: null } }],
    ['start-link extra key', '/membership/start-link', { userHandle: handle, email: 'a@example.com', linked: true }],
    ['verify-link number code', '/membership/verify-link', { userHandle: handle, email: 'a@example.com', code: 123456 }],
    ['verify-link array code', '/membership/verify-link', { userHandle: handle, email: 'a@example.com', code: ['123456'] }],
    ['check operator handle', '/membership/check', { userHandle: { $exists: true } }],
    ['check array body', '/membership/check', [{ userHandle: handle }]],
  ];

  it.each(hostile)('%s', async (_label, path, body) => {
    const before = await databaseDump(h);
    const mails = (await listEmails(h.maildev.webUrl)).length;
    const response = await post(h, path, body, '10.24.0.1');
    expectError(response, 400, 'invalid_request');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await databaseDump(h)).toBe(before);
    expect((await listEmails(h.maildev.webUrl)).length).toBe(mails);
  });

  it('a passkey id with odd characters is refused on DELETE', async () => {
    expectError(await request(h.app).delete('/api/identity/passkeys/a$b').set('Authorization', 'Bearer x'), 400, 'invalid_request');
  });
});
