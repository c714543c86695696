import request from 'supertest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema, sessionSchema, userResponseSchema } from '@croft/contracts';
import { databaseDump, expectError, refreshCookieOf, setCookieLine, signIn, startHarness, type Harness } from '../testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('session');
});

afterAll(async () => {
  await h?.stop();
});

const refreshWith = (cookie: string) =>
  request(h.app).post('/api/identity/token?grant_type=refresh_token').set('Cookie', `cc_refresh=${cookie}`);

async function fetchJwks(app = h.app): Promise<JSONWebKeySet> {
  const response = await request(app).get('/api/identity/.well-known/jwks.json');
  expect(response.status).toBe(200);
  return response.body as JSONWebKeySet;
}

describe('refresh tokens', () => {
  it('rotate on every use; the cookie changes and the old value is stored only as a hash', async () => {
    const { refresh } = await signIn(h, 'rotate@example.com');
    h.clock.advance(5 * 60_000);
    const first = await refreshWith(refresh);
    expect(first.status).toBe(200);
    const next = refreshCookieOf(first)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(refresh);
    expect(sessionSchema.parse(first.body).user.email).toBe('rotate@example.com');
    const second = await refreshWith(next);
    expect(second.status).toBe(200);
    const dump = await databaseDump(h);
    expect(dump).not.toContain(refresh);
    expect(dump).not.toContain(next);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const { refresh, session } = await signIn(h, 'reuse@example.com');
    const rotated = refreshCookieOf(await refreshWith(refresh))!;
    h.clock.advance(10_001); // past the 10 s grace for concurrent refreshes
    const reuse = await refreshWith(refresh);
    expect(expectError(reuse, 401, 'refresh_token_reused')).toMatch(/already used/);
    expect(setCookieLine(reuse)).toMatch(/cc_refresh=;/); // cleared
    // The newest token of the family is dead too, and so is the access token at identity.
    expectError(await refreshWith(rotated), 401, 'invalid_refresh_token');
    expectError(await request(h.app).get('/api/identity/user').set('Authorization', `Bearer ${session.access_token}`), 401, 'session_not_found');
  });

  it('two tabs refreshing at once with the same cookie both stay signed in, with the same successor token', async () => {
    const { refresh } = await signIn(h, 'two.tabs@example.com');
    h.clock.advance(9 * 60_000);
    const [a, b] = await Promise.all([refreshWith(refresh), refreshWith(refresh)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const next = refreshCookieOf(a)!;
    expect(next).toBeTruthy();
    expect(refreshCookieOf(b)).toBe(next);
    expect(sessionSchema.parse(b.body).user.email).toBe('two.tabs@example.com');
    // The family is intact: the successor rotates normally, and only one successor exists.
    expect(await h.identity.models.refreshToken.countDocuments({ user_id: sessionSchema.parse(a.body).user.id, rotated_at: { $exists: false } })).toBe(1);
    expect((await refreshWith(next)).status).toBe(200);
  });

  it('a retry with the old cookie within 10 s (the answer was lost) gets the successor; the successor never sits in the database in plain', async () => {
    const { refresh } = await signIn(h, 'lost.answer@example.com');
    const first = await refreshWith(refresh);
    const next = refreshCookieOf(first)!;
    h.clock.advance(10_000);
    const retry = await refreshWith(refresh);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(refreshCookieOf(retry)).toBe(next);
    const dump = await databaseDump(h);
    expect(dump).not.toContain(refresh);
    expect(dump).not.toContain(next);
  });

  it('within the grace the old cookie follows the chain to the newest token; a signed-out family gets nothing', async () => {
    const { refresh, session } = await signIn(h, 'chain@example.com');
    const second = refreshCookieOf(await refreshWith(refresh))!;
    h.clock.advance(2_000);
    const third = refreshCookieOf(await refreshWith(second))!;
    h.clock.advance(2_000);
    const late = await refreshWith(refresh);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(refreshCookieOf(late)).toBe(third);
    await request(h.app).post('/api/identity/logout').set('Authorization', `Bearer ${session.access_token}`).expect(204);
    expectError(await refreshWith(refresh), 401, 'invalid_refresh_token');
  });

  it('accepts the refresh token in the body (spec 000 §7) as well', async () => {
    const { refresh } = await signIn(h, 'body@example.com');
    const response = await request(h.app).post('/api/identity/token?grant_type=refresh_token').send({ refresh_token: refresh });
    expect(response.status).toBe(200);
    expect(refreshCookieOf(response)).toBeTruthy();
  });

  it('answers missing, unknown and wrong-grant requests with clear errors', async () => {
    expectError(await request(h.app).post('/api/identity/token?grant_type=refresh_token'), 400, 'refresh_token_missing');
    expectError(await refreshWith('not-a-real-token'), 401, 'invalid_refresh_token');
    expectError(await request(h.app).post('/api/identity/token?grant_type=password').send({}), 400, 'invalid_request');
  });

  it('expire after 30 days without use (sliding) and 90 days in all', async () => {
    const { refresh } = await signIn(h, 'slide@example.com');
    h.clock.advance(30 * 86_400_000 + 1000);
    expectError(await refreshWith(refresh), 401, 'session_expired');

    let { refresh: current } = await signIn(h, 'slide2@example.com');
    for (let day = 0; day < 3; day += 1) {
      h.clock.advance(29 * 86_400_000);
      const response = await refreshWith(current);
      expect(response.status).toBe(200);
      current = refreshCookieOf(response)!;
    }
    h.clock.advance(3 * 86_400_000 + 1000); // 90 days + 1 s since sign-in
    expectError(await refreshWith(current), 401, 'session_expired');
  });
});

describe('access tokens and JWKS', () => {
  it('verify with jose against the published JWKS and carry the documented claims', async () => {
    const { session } = await signIn(h, 'claims@example.com');
    const jwks = await fetchJwks();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    expect(jwks.keys.every((k) => k.kty === 'EC' && k.crv === 'P-256' && !('d' in k))).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(session.access_token, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:3000/api/identity',
      audience: 'croft',
      currentDate: h.clock.now(),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(jwks.keys.map((k) => k.kid)).toContain(protectedHeader.kid);
    expect(payload).toMatchObject({ sub: session.user.id, email: 'claims@example.com', roles: [], aal: 'aal1', amr: ['otp'], mfa: false });
    expect(typeof payload.session_id).toBe('string');
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it('reject a token whose signature was tampered with', async () => {
    const { session } = await signIn(h, 'tamper@example.com');
    const [head, body] = session.access_token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), roles: ['admin'] })).toString('base64url')}.${session.access_token.split('.')[2]}`;
    await expect(jwtVerify(forged, createLocalJWKSet(await fetchJwks()), { currentDate: h.clock.now() })).rejects.toThrow();
    await expect(h.identity.verifyAccessToken(forged)).rejects.toThrow();
    expectError(await request(h.app).get('/api/identity/user').set('Authorization', `Bearer ${forged}`), 401, 'invalid_token');
  });

  it('expire after 10 minutes', async () => {
    const { session } = await signIn(h, 'short@example.com');
    h.clock.advance(601_000);
    await expect(h.identity.verifyAccessToken(session.access_token)).rejects.toThrow();
    expectError(await request(h.app).get('/api/identity/user').set('Authorization', `Bearer ${session.access_token}`), 401, 'invalid_token');
  });

  it('keys survive a restart and a rotation keeps both keys published', async () => {
    const { session } = await signIn(h, 'restart@example.com');
    const before = await fetchJwks();
    const restarted = h.restart();
    expect(await fetchJwks(restarted.app)).toEqual(before);
    expect((await restarted.identity.verifyAccessToken(session.access_token)).email).toBe('restart@example.com');

    const newKid = await restarted.identity.rotateSigningKey();
    const after = await fetchJwks(restarted.app);
    expect(after.keys.map((k) => k.kid).sort()).toEqual([newKid, before.keys[0].kid].sort());
    expect((await restarted.identity.verifyAccessToken(session.access_token)).email).toBe('restart@example.com');
    const { session: fresh } = await signIn(h, 'restart@example.com', { app: restarted.app });
    expect(decodeProtectedHeader(fresh.access_token).kid).toBe(newKid);
    await jwtVerify(fresh.access_token, createLocalJWKSet(after), { currentDate: h.clock.now() });
  });
});

describe('GET /session, GET /user', () => {
  it('GET /session returns null when signed out, the session from the cookie without rotating it', async () => {
    expect(sessionResponseSchema.parse((await request(h.app).get('/api/identity/session')).body)).toEqual({ session: null });
    const { refresh } = await signIn(h, 'peek@example.com');
    const response = await request(h.app).get('/api/identity/session').set('Cookie', `cc_refresh=${refresh}`);
    const { session } = sessionResponseSchema.parse(response.body);
    expect(session?.user.email).toBe('peek@example.com');
    expect(refreshCookieOf(response)).toBeUndefined();
    // The same refresh token still rotates normally afterwards.
    expect((await refreshWith(refresh)).status).toBe(200);
  });

  it('GET /session with a bearer token echoes it with its expiry', async () => {
    const { session } = await signIn(h, 'peek2@example.com');
    h.clock.advance(100_000);
    const response = await request(h.app).get('/api/identity/session').set('Authorization', `Bearer ${session.access_token}`);
    const parsed = sessionResponseSchema.parse(response.body);
    expect(parsed.session?.access_token).toBe(session.access_token);
    expect(parsed.session?.expires_in).toBe(500);
  });

  it('GET /user computes member live from the newsletter check, never stored', async () => {
    const { session } = await signIn(h, 'member@example.com');
    const get = () => request(h.app).get('/api/identity/user').set('Authorization', `Bearer ${session.access_token}`);
    expect(userResponseSchema.parse((await get()).body)).toMatchObject({ email: 'member@example.com', member: false, aal: 'aal1' });
    h.members.add('member@example.com');
    expect(userResponseSchema.parse((await get()).body).member).toBe(true);
    h.members.delete('member@example.com');
    expect(userResponseSchema.parse((await get()).body).member).toBe(false);
    expect(await databaseDump(h)).not.toMatch(/"member"/);
  });

  it('GET /user without a token is 401 not_authenticated; a malformed header is invalid_token', async () => {
    expectError(await request(h.app).get('/api/identity/user'), 401, 'not_authenticated');
    expectError(await request(h.app).get('/api/identity/user').set('Authorization', 'Basic abc'), 401, 'invalid_token');
  });
});

describe('POST /logout', () => {
  it('revokes the session (bearer) and clears the cookie', async () => {
    const { session, refresh } = await signIn(h, 'bye@example.com');
    const response = await request(h.app).post('/api/identity/logout').set('Authorization', `Bearer ${session.access_token}`);
    expect(response.status).toBe(204);
    expect(setCookieLine(response)).toMatch(/cc_refresh=;/);
    expectError(await refreshWith(refresh), 401, 'invalid_refresh_token');
  });

  it('works with the cookie alone', async () => {
    const { refresh } = await signIn(h, 'bye2@example.com');
    expect((await request(h.app).post('/api/identity/logout').set('Cookie', `cc_refresh=${refresh}`)).status).toBe(204);
    expectError(await refreshWith(refresh), 401, 'invalid_refresh_token');
  });

  it('scope=others keeps this session and ends the others; scope=global ends all', async () => {
    const a = await signIn(h, 'multi@example.com');
    const b = await signIn(h, 'multi@example.com');
    const c = await signIn(h, 'multi@example.com');
    const others = await request(h.app).post('/api/identity/logout?scope=others').set('Authorization', `Bearer ${a.session.access_token}`);
    expect(others.status).toBe(204);
    expectError(await refreshWith(b.refresh), 401, 'invalid_refresh_token');
    expectError(await refreshWith(c.refresh), 401, 'invalid_refresh_token');
    const stillA = await refreshWith(a.refresh);
    expect(stillA.status).toBe(200);
    const d = await signIn(h, 'multi@example.com');
    const global = await request(h.app).post('/api/identity/logout?scope=global').set('Cookie', `cc_refresh=${refreshCookieOf(stillA)}`);
    expect(global.status).toBe(204);
    expectError(await refreshWith(d.refresh), 401, 'invalid_refresh_token');
  });

  it('without any credential is 401; an unknown scope is 400', async () => {
    expectError(await request(h.app).post('/api/identity/logout'), 401, 'not_authenticated');
    expectError(await request(h.app).post('/api/identity/logout?scope=everyone').set('Cookie', 'cc_refresh=x'), 400, 'invalid_request');
  });
});
