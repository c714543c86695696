import request from 'supertest';
import express from 'express';
import { authenticator } from 'otplib';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeResponseSchema, enrollFactorResponseSchema, sessionSchema, userResponseSchema } from '@croft/contracts';
import { createServiceApp, silentLogger } from '@croft/service-kit';
import { databaseDump, expectError, signIn, startHarness, type Harness } from '../testing/harness';
import { authClaims } from './require-auth';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('factors', { keyEncryptionSecret: 'k'.repeat(40) });
});

afterAll(async () => {
  await h?.stop();
});

const totpAt = (secret: string, ms: number) => authenticator.clone({ epoch: ms }).generate(secret);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function enrol(token: string, name = 'Phone app') {
  const response = await request(h.app).post('/api/identity/factors').set(bearer(token)).send({ friendly_name: name, factor_type: 'totp', issuer: 'Croft Common' });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return enrollFactorResponseSchema.parse(response.body);
}

async function challenge(token: string, factorId: string) {
  const response = await request(h.app).post(`/api/identity/factors/${factorId}/challenge`).set(bearer(token)).send({});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return challengeResponseSchema.parse(response.body);
}

const verifyFactor = (token: string, factorId: string, body: unknown) =>
  request(h.app).post(`/api/identity/factors/${factorId}/verify`).set(bearer(token)).send(body as object);

/** Signs in, enrols and verifies a TOTP factor: returns the aal2 session, the factor and its secret. */
async function userWithFactor(email: string) {
  const { session } = await signIn(h, email);
  const factor = await enrol(session.access_token);
  const { id } = await challenge(session.access_token, factor.id);
  const response = await verifyFactor(session.access_token, factor.id, { code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: id });
  expect(response.status).toBe(200);
  return { aal2: sessionSchema.parse(response.body), aal1: session, factor };
}

describe('TOTP factors', () => {
  it('enrol → challenge → verify raises the session to aal2 with amr totp', async () => {
    const { session } = await signIn(h, 'mfa@example.com');
    const factor = await enrol(session.access_token);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Croft%20Common:mfa%40example\.com\?secret=[A-Z2-7]+/);
    expect(factor.totp.qr_code).toBe(factor.totp.uri);
    // The secret is sealed at rest (KEY_ENCRYPTION_SECRET set).
    expect(await databaseDump(h)).not.toContain(factor.totp.secret);

    const { id, expires_at } = await challenge(session.access_token, factor.id);
    expect(expires_at).toBe(Math.floor(h.clock.now().getTime() / 1000) + 300);
    const response = await verifyFactor(session.access_token, factor.id, { code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: id });
    expect(response.status).toBe(200);
    const upgraded = sessionSchema.parse(response.body);
    expect(decodeJwt(upgraded.access_token)).toMatchObject({ aal: 'aal2', amr: ['otp', 'totp'], mfa: true });
    expect(upgraded.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified', factor_type: 'totp', friendly_name: 'Phone app' })]);
    const user = userResponseSchema.parse((await request(h.app).get('/api/identity/user').set(bearer(upgraded.access_token))).body);
    expect(user.aal).toBe('aal2');
  });

  it('rejects a wrong code, a replayed code, a used or expired challenge, and a 6th attempt', async () => {
    const { session } = await signIn(h, 'mfa2@example.com');
    const factor = await enrol(session.access_token);
    const now = h.clock.now().getTime();
    const good = totpAt(factor.totp.secret, now);
    const wrong = good === '000000' ? '111111' : '000000';
    const first = await challenge(session.access_token, factor.id);
    expect(expectError(await verifyFactor(session.access_token, factor.id, { code: wrong, challenge_id: first.id }), 422, 'mfa_verification_failed')).toBe('Invalid TOTP code entered');
    expect((await verifyFactor(session.access_token, factor.id, { code: good, challenge_id: first.id })).status).toBe(200);
    expectError(await verifyFactor(session.access_token, factor.id, { code: good, challenge_id: first.id }), 422, 'challenge_used');
    const second = await challenge(session.access_token, factor.id);
    expectError(await verifyFactor(session.access_token, factor.id, { code: good, challenge_id: second.id }), 422, 'mfa_verification_failed');
    h.clock.advance(5 * 60_000 + 1000);
    expectError(await verifyFactor(session.access_token, factor.id, { code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: second.id }), 422, 'challenge_expired');
    const third = await challenge(session.access_token, factor.id);
    for (let i = 0; i < 5; i += 1) expectError(await verifyFactor(session.access_token, factor.id, { code: wrong, challenge_id: third.id }), 422, 'mfa_verification_failed');
    expectError(await verifyFactor(session.access_token, factor.id, { code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: third.id }), 429, 'too_many_attempts');
    expectError(await verifyFactor(session.access_token, factor.id, { code: good, challenge_id: '00000000-0000-4000-8000-000000000000' }), 404, 'challenge_not_found');
  });

  it('caps wrong TOTP codes per user at 20 an hour, however many challenges are opened', async () => {
    const { factor } = await userWithFactor('mfa.guess@example.com');
    h.clock.advance(60_000);
    // A new sign-in (aal1 session) tries to reach aal2 by guessing.
    const { session: aal1, refresh } = await signIn(h, 'mfa.guess@example.com');
    const aalOf = async () => (await h.identity.models.session.findById(decodeJwt(aal1.access_token).session_id).lean())?.aal;
    const good = () => totpAt(factor.totp.secret, h.clock.now().getTime());
    const wrong = () => (good() === '000000' ? '111111' : '000000');
    for (let i = 0; i < 20; i += 1) {
      const { id } = await challenge(aal1.access_token, factor.id);
      expectError(await verifyFactor(aal1.access_token, factor.id, { code: wrong(), challenge_id: id }), 422, 'mfa_verification_failed');
    }
    const { id } = await challenge(aal1.access_token, factor.id);
    expectError(await verifyFactor(aal1.access_token, factor.id, { code: good(), challenge_id: id }), 429, 'too_many_failures');
    expect(await aalOf()).toBe('aal1');
    h.clock.advance(3_600_000 + 1000);
    const renewed = await request(h.app).post('/api/identity/token?grant_type=refresh_token').set('Cookie', `cc_refresh=${refresh}`);
    const token = sessionSchema.parse(renewed.body).access_token;
    const later = await challenge(token, factor.id);
    expect((await verifyFactor(token, factor.id, { code: good(), challenge_id: later.id })).status).toBe(200);
    expect(await aalOf()).toBe('aal2');
  });

  it('the per-user cap on wrong TOTP codes holds against a burst of parallel guesses', async () => {
    const { factor } = await userWithFactor('mfa.burst@example.com');
    h.clock.advance(60_000);
    const { session } = await signIn(h, 'mfa.burst@example.com');
    const good = totpAt(factor.totp.secret, h.clock.now().getTime());
    const wrong = good === '000000' ? '111111' : '000000';
    const challenges = [];
    for (let i = 0; i < 40; i += 1) challenges.push((await challenge(session.access_token, factor.id)).id);
    const answers = await Promise.all(challenges.map((id) => verifyFactor(session.access_token, factor.id, { code: wrong, challenge_id: id })));
    const guessed = answers.filter((a) => a.status === 422).length;
    expect(guessed).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.status === 429).length).toBe(40 - guessed);
  });

  it('phone factors answer unsupported_factor', async () => {
    const { session } = await signIn(h, 'phone@example.com');
    const response = await request(h.app).post('/api/identity/factors').set(bearer(session.access_token)).send({ friendly_name: 'x', factor_type: 'phone', phone: '+447700900000' });
    expect(expectError(response, 422, 'unsupported_factor')).toBe('Phone factors are not supported.');
    expect(await h.identity.models.factor.countDocuments({ user_id: session.user.id })).toBe(0);
  });

  it('deleting a verified factor or adding another needs aal2', async () => {
    const { aal1, aal2, factor } = await userWithFactor('mfa3@example.com');
    expectError(await request(h.app).delete(`/api/identity/factors/${factor.id}`).set(bearer(aal1.access_token)), 403, 'aal2_required');
    expectError(
      await request(h.app).post('/api/identity/factors').set(bearer(aal1.access_token)).send({ friendly_name: 'Second', factor_type: 'totp' }),
      403,
      'aal2_required',
    );
    expectError(
      await request(h.app).post('/api/identity/factors').set(bearer(aal2.access_token)).send({ friendly_name: 'Phone app', factor_type: 'totp' }),
      409,
      'factor_name_taken',
    );
    const deleted = await request(h.app).delete(`/api/identity/factors/${factor.id}`).set(bearer(aal2.access_token));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: factor.id });
    expectError(await request(h.app).delete(`/api/identity/factors/${factor.id}`).set(bearer(aal2.access_token)), 404, 'factor_not_found');
  });

  it("another user's factor is not found", async () => {
    const { factor } = await userWithFactor('owner@example.com');
    const { session } = await signIn(h, 'intruder@example.com');
    expectError(await request(h.app).post(`/api/identity/factors/${factor.id}/challenge`).set(bearer(session.access_token)).send({}), 404, 'factor_not_found');
  });

  it('factor endpoints need a bearer token', async () => {
    expectError(await request(h.app).post('/api/identity/factors').send({ friendly_name: 'x', factor_type: 'totp' }), 401, 'not_authenticated');
  });

  it('refreshing keeps aal2', async () => {
    const { session, refresh } = await signIn(h, 'keep@example.com');
    const factor = await enrol(session.access_token);
    const { id } = await challenge(session.access_token, factor.id);
    await verifyFactor(session.access_token, factor.id, { code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: id });
    const refreshed = await request(h.app).post('/api/identity/token?grant_type=refresh_token').set('Cookie', `cc_refresh=${refresh}`);
    expect(decodeJwt(sessionSchema.parse(refreshed.body).access_token)).toMatchObject({ aal: 'aal2', mfa: true });
  });
});

describe('requireAuth for other services', () => {
  function protectedApp() {
    const router = express.Router();
    router.get('/staff', h.identity.requireAuth({ roles: ['staff', 'admin'] }), (_req, res) => {
      res.json({ email: authClaims(res).email });
    });
    router.get('/any', h.identity.requireAuth(), (_req, res) => {
      res.json({ aal: authClaims(res).aal });
    });
    router.get('/strict', h.identity.requireAuth({ aal: 'aal2' }), (_req, res) => {
      res.json({ ok: true });
    });
    return createServiceApp({ name: 'other', router, logger: silentLogger() });
  }

  it('checks roles, and aal2 for staff/admin once a factor is verified', async () => {
    const app = protectedApp();
    const { session: member } = await signIn(h, 'plain@example.com');
    expect((await request(app).get('/api/other/any').set(bearer(member.access_token))).body).toEqual({ aal: 'aal1' });
    expectError(await request(app).get('/api/other/staff').set(bearer(member.access_token)), 403, 'forbidden');
    expectError(await request(app).get('/api/other/strict').set(bearer(member.access_token)), 403, 'aal2_required');
    expectError(await request(app).get('/api/other/any'), 401, 'not_authenticated');

    // The admin without a factor gets in at aal1...
    const { session: admin } = await signIn(h, 'boss@croftcommon.co.uk');
    expect((await request(app).get('/api/other/staff').set(bearer(admin.access_token))).status).toBe(200);
    // ...but once a factor is verified, an aal1 session is refused until MFA.
    const factor = await enrol(admin.access_token, 'Admin phone');
    const { id } = await challenge(admin.access_token, factor.id);
    const upgraded = sessionSchema.parse(
      (await verifyFactor(admin.access_token, factor.id, { code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: id })).body,
    );
    const { session: adminAgain } = await signIn(h, 'boss@croftcommon.co.uk');
    expect(decodeJwt(adminAgain.access_token)).toMatchObject({ aal: 'aal1', mfa: true });
    expectError(await request(app).get('/api/other/staff').set(bearer(adminAgain.access_token)), 403, 'aal2_required');
    expect((await request(app).get('/api/other/staff').set(bearer(upgraded.access_token))).body).toEqual({ email: 'boss@croftcommon.co.uk' });
  });
});
