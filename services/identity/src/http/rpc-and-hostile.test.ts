import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEmails } from '@croft/maildev';
import { isEmailDomainAllowedResponseSchema, secretKitchenAccessResponseSchema } from '@croft/contracts';
import { databaseDump, expectError, signIn, startHarness, type Harness } from '../testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('rpc', { limits: { rpcPerIp: { windowMs: 60_000, limit: 30 } } });
});

afterAll(async () => {
  await h?.stop();
});

const rpc = (name: string, body: unknown, ip = '10.5.0.1') =>
  request(h.app).post(`/api/identity/rpc/${name}`).set('X-Forwarded-For', ip).send(body as object);

describe('RPCs', () => {
  it('is_email_domain_allowed answers a boolean from the allowed_domains data', async () => {
    expect(isEmailDomainAllowedResponseSchema.parse((await rpc('is_email_domain_allowed', { email: 'Sam@CroftCommon.co.uk' })).body)).toBe(true);
    expect((await rpc('is_email_domain_allowed', { email: 'sam@gmail.com' })).body).toBe(false);
    expect((await rpc('is_email_domain_allowed', { email: 'sam@evil-croftcommon.co.uk' })).body).toBe(false);
    await h.identity.models.allowedDomain.create({ _id: 'partner.example', created_at: h.clock.now() });
    expect((await rpc('is_email_domain_allowed', { email: 'a@partner.example' })).body).toBe(true);
  });

  it('check_secret_kitchen_access_status answers [{has_access}] from the allow-list', async () => {
    expect(secretKitchenAccessResponseSchema.parse((await rpc('check_secret_kitchen_access_status', { user_email: 'CHEF@example.com' })).body)).toEqual([{ has_access: true }]);
    expect((await rpc('check_secret_kitchen_access_status', { user_email: 'diner@example.com' })).body).toEqual([{ has_access: false }]);
  });

  it('are rate limited per IP', async () => {
    for (let i = 0; i < 30; i += 1) expect((await rpc('is_email_domain_allowed', { email: 'a@b.co' }, '10.6.0.1')).status).toBe(200);
    expectError(await rpc('is_email_domain_allowed', { email: 'a@b.co' }, '10.6.0.1'), 429, 'rate_limited');
  });

  it('seeding again adds nothing twice', async () => {
    await h.identity.seed();
    await h.identity.seed();
    expect(await h.identity.models.user.countDocuments({ email: 'boss@croftcommon.co.uk' })).toBe(1);
    expect((await h.identity.models.user.findOne({ email: 'boss@croftcommon.co.uk' }).lean())?.roles).toEqual(['admin']);
    expect(await h.identity.models.secretKitchenAccess.countDocuments({})).toBe(1);
    expect(await h.identity.models.signingKey.countDocuments({})).toBe(1);
  });
});

describe('hostile input → 400 and nothing changes', () => {
  const hostile: [string, string, unknown][] = [
    ['otp operator email', '/otp', { email: { $ne: null }, create_user: true }],
    ['otp $-key', '/otp', { email: 'x@example.com', create_user: true, $where: '1' }],
    ['otp nested operator', '/otp', { email: 'x@example.com', create_user: true, data: { session_duration: { $gt: 0 } } }],
    ['otp unknown key', '/otp', { email: 'x@example.com', create_user: true, admin: true }],
    ['otp wrong type', '/otp', { email: 'x@example.com', create_user: 'yes' }],
    ['otp missing create_user', '/otp', { email: 'x@example.com' }],
    ['otp oversize email', '/otp', { email: `${'a'.repeat(300)}@example.com`, create_user: true }],
    ['otp array body', '/otp', [{ email: 'x@example.com', create_user: true }]],
    ['otp dotted key', '/otp', { 'email.x': 'x@example.com', create_user: true }],
    ['verify operator token', '/verify', { email: 'victim@example.com', token: { $regex: '.*' }, type: 'email' }],
    ['verify short code', '/verify', { email: 'victim@example.com', token: '12345', type: 'email' }],
    ['verify letters', '/verify', { email: 'victim@example.com', token: '12345a', type: 'email' }],
    ['verify wrong type', '/verify', { email: 'victim@example.com', token: '123456', type: 'magiclink' }],
    ['verify number token', '/verify', { email: 'victim@example.com', token: 123456, type: 'email' }],
    ['verify proto key', '/verify', JSON.parse('{"email":"victim@example.com","token":"123456","type":"email","__proto__":{"x":1}}')],
    ['token operator', '/token?grant_type=refresh_token', { refresh_token: { $ne: '' } }],
    ['token oversize', '/token?grant_type=refresh_token', { refresh_token: 'a'.repeat(500) }],
    ['rpc domain operator', '/rpc/is_email_domain_allowed', { email: { $regex: 'croft' } }],
    ['rpc domain unknown key', '/rpc/is_email_domain_allowed', { email: 'a@b.co', domain: 'x' }],
    ['rpc sk wrong field', '/rpc/check_secret_kitchen_access_status', { email: 'chef@example.com' }],
    ['rpc sk number', '/rpc/check_secret_kitchen_access_status', { user_email: 5 }],
  ];

  it.each(hostile)('%s', async (_label, path, body) => {
    const before = await databaseDump(h);
    const mails = (await listEmails(h.maildev.webUrl)).length;
    const response = await request(h.app).post(`/api/identity${path}`).set('X-Forwarded-For', '10.7.0.1').send(body as object);
    expectError(response, 400, 'invalid_request');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await databaseDump(h)).toBe(before);
    expect((await listEmails(h.maildev.webUrl)).length).toBe(mails);
  });

  it('operator keys in the query string are refused', async () => {
    expectError(await request(h.app).post('/api/identity/token?grant_type[$ne]=x').send({}), 400, 'invalid_request');
    expectError(await request(h.app).post('/api/identity/otp?debug=1').send({ email: 'x@example.com', create_user: true }), 400, 'invalid_request');
  });

  it('hostile factor bodies are refused without changes', async () => {
    const { session } = await signIn(h, 'factor-hostile@example.com');
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const bodies: unknown[] = [
      { friendly_name: { $ne: 1 }, factor_type: 'totp' },
      { friendly_name: 'x', factor_type: 'sms' },
      { friendly_name: 'x'.repeat(100), factor_type: 'totp' },
      { friendly_name: 'x', factor_type: 'totp', issuer: 'a:b' },
      { friendly_name: 'x', factor_type: 'totp', secret: 'JBSWY3DPEHPK3PXP' },
      { friendly_name: '', factor_type: 'totp' },
    ];
    const before = await databaseDump(h);
    for (const body of bodies) {
      expectError(await request(h.app).post('/api/identity/factors').set(auth).send(body as object), 400, 'invalid_request');
    }
    expectError(await request(h.app).post('/api/identity/factors/not-an-id/challenge').set(auth).send({}), 400, 'invalid_request');
    expectError(
      await request(h.app).post('/api/identity/factors/00000000-0000-4000-8000-000000000000/verify').set(auth).send({ code: ['123456'], challenge_id: 'x' }),
      400,
      'invalid_request',
    );
    expect(await databaseDump(h)).toBe(before);
  });

  it('bodies over 100 kB are refused with 413 and change nothing', async () => {
    const before = await databaseDump(h);
    const response = await request(h.app)
      .post('/api/identity/otp')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'x@example.com', create_user: true, pad: 'x'.repeat(120_000) }));
    expectError(response, 413, 'payload_too_large');
    expect(await databaseDump(h)).toBe(before);
  });

  it('malformed JSON is a 400', async () => {
    const response = await request(h.app).post('/api/identity/verify').set('Content-Type', 'application/json').send('{"email": ');
    expectError(response, 400, 'invalid_json');
  });
});
