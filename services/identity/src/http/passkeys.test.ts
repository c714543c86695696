import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPasskeySessionResponseSchema,
  passkeyListResponseSchema,
  sessionSchema,
  userResponseSchema,
} from '@croft/contracts';
import { expectError, refreshCookieOf, signIn, startHarness, type Harness } from '../testing/harness';
import {
  assertPasskey,
  authOptions,
  linkMembership,
  post,
  registerOptions,
  registerPasskey,
  RP,
  softAuthenticator,
} from '../testing/passkey-flow';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('passkeys', { limits: { webauthnPerIp: { windowMs: 60_000, limit: 10_000 } } });
});

afterAll(async () => {
  await h?.stop();
});

const ICLOUD = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';
const ONE_PASSWORD = 'bada5566-a7aa-401f-bd96-45619a55120d';

const createSession = (body: unknown) => post(h, '/webauthn/create-session', body);

/** A registered, linked member with a fresh proof. */
async function linkedMember(email: string) {
  const authenticator = softAuthenticator({ aaguid: ICLOUD, backedUp: true });
  const { userHandle } = await registerPasskey(h, authenticator);
  await linkMembership(h, userHandle, email);
  const verified = await assertPasskey(h, authenticator, userHandle);
  expect(verified.verified).toBe(true);
  return { authenticator, userHandle, proof: verified.proof! };
}

describe('register', () => {
  it('register-options: a new 32-byte handle, platform authenticator, resident key, the server rp', async () => {
    const { options, userHandle } = await registerOptions(h);
    expect(userHandle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(userHandle, 'base64url')).toHaveLength(32);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Croft Common' },
      user: { id: userHandle, name: 'Sam Member', displayName: 'Sam Member' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred', authenticatorAttachment: 'platform' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const stored = await h.identity.models.webauthnChallenge.findById(options.challenge).lean();
    expect(stored).toMatchObject({ kind: 'registration', user_handle: userHandle });
    expect(stored!.expires_at.getTime() - h.clock.now().getTime()).toBe(300_000);
  });

  it('register-verify stores the credential with a name from its AAGUID, and says it needs linking', async () => {
    const authenticator = softAuthenticator({ aaguid: ICLOUD, backedUp: true });
    const { userHandle, verify } = await registerPasskey(h, authenticator);
    expect(verify).toEqual({ verified: true, userHandle, requiresLinking: true });
    const stored = await h.identity.models.passkey.findById(authenticator.credentials[0].id).lean();
    expect(stored).toMatchObject({
      user_handle: userHandle,
      aaguid: ICLOUD,
      name: 'iCloud Keychain',
      counter: 0,
      backed_up: true,
      transports: ['internal', 'hybrid'],
    });
    expect(stored!.created_at.toISOString()).toBe(h.clock.now().toISOString());
    expect(stored!.last_used_at).toBeUndefined();
  });

  it('an unknown AAGUID is named "Passkey"; register-options then excludes the existing credential', async () => {
    const authenticator = softAuthenticator({ aaguid: '11111111-2222-4333-8444-555555555555' });
    const { userHandle } = await registerPasskey(h, authenticator);
    expect((await h.identity.models.passkey.findById(authenticator.credentials[0].id).lean())?.name).toBe('Passkey');
    const proof = (await assertPasskey(h, authenticator, userHandle, { credential: authenticator.credentials[0] })).proof!;
    const { options } = await registerOptions(h, userHandle, proof);
    expect(options.excludeCredentials).toEqual([{ id: authenticator.credentials[0].id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
  });

  it('a registration challenge is single use', async () => {
    const authenticator = softAuthenticator();
    const { options, userHandle } = await registerOptions(h);
    const attResp = authenticator.register(options as never);
    expect((await post(h, '/webauthn/register-verify', { userHandle, attResp, ...RP })).body.verified).toBe(true);
    const second = softAuthenticator().register(options as never);
    const again = await post(h, '/webauthn/register-verify', { userHandle, attResp: second, ...RP });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ verified: false, error: 'challenge_expired' });
    expect(await h.identity.models.passkey.countDocuments({ _id: second.id })).toBe(0);
  });

  it('a registration challenge expires after 5 minutes (manual clock)', async () => {
    const early = await registerOptions(h);
    const late = await registerOptions(h);
    h.clock.advance(300_000 - 1000);
    const ok = await post(h, '/webauthn/register-verify', { userHandle: early.userHandle, attResp: softAuthenticator().register(early.options as never), ...RP });
    expect(ok.body.verified).toBe(true);
    h.clock.advance(1000);
    const expired = await post(h, '/webauthn/register-verify', { userHandle: late.userHandle, attResp: softAuthenticator().register(late.options as never), ...RP });
    expect(expired.body).toMatchObject({ verified: false, error: 'challenge_expired' });
  });

  it('a challenge issued for another handle is refused', async () => {
    const a = await registerOptions(h);
    const b = await registerOptions(h);
    const response = await post(h, '/webauthn/register-verify', { userHandle: b.userHandle, attResp: softAuthenticator().register(a.options as never), ...RP });
    expect(response.body).toMatchObject({ verified: false, error: 'challenge_expired' });
  });

  it('rp_id_mismatch: the body rpId or origin differs from PUBLIC_ORIGIN → 400, nothing stored', async () => {
    const before = await h.identity.models.webauthnChallenge.countDocuments({});
    for (const rp of [
      { rpId: 'evil.example', origin: RP.origin },
      { rpId: RP.rpId, origin: 'http://evil.example' },
      { rpId: RP.rpId, origin: 'https://localhost:3000' },
    ]) {
      expectError(await post(h, '/webauthn/register-options', { displayName: 'x', ...rp }), 400, 'rp_id_mismatch');
      expectError(await post(h, '/webauthn/auth-options', { ...rp }), 400, 'rp_id_mismatch');
    }
    expect(await h.identity.models.webauthnChallenge.countDocuments({})).toBe(before);
    const { options, userHandle } = await registerOptions(h);
    const attResp = softAuthenticator().register(options as never);
    expectError(await post(h, '/webauthn/register-verify', { userHandle, attResp, rpId: 'evil.example', origin: RP.origin }), 400, 'rp_id_mismatch');
  });

  it('a response made for another origin or RP ID is refused as rp_id_mismatch even when the body claims ours', async () => {
    for (const overrides of [{ origin: 'http://evil.example' }, { rpId: 'evil.example' }]) {
      const { options, userHandle } = await registerOptions(h);
      const attResp = softAuthenticator().register(options as never, overrides);
      const response = await post(h, '/webauthn/register-verify', { userHandle, attResp, ...RP });
      expect(response.body).toMatchObject({ verified: false, error: 'rp_id_mismatch' });
      expect(await h.identity.models.passkey.countDocuments({ _id: attResp.id })).toBe(0);
    }
  });

  it('registering the same credential twice → invalid_state', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    const proof = (await assertPasskey(h, authenticator, userHandle, { credential: authenticator.credentials[0] })).proof!;
    const { options } = await registerOptions(h, userHandle, proof);
    const attResp = authenticator.register(options as never);
    // Replay the first credential's id with a fresh, valid attestation for it is impossible; copy the id instead.
    const first = authenticator.credentials[0];
    const stored = await h.identity.models.passkey.findById(first.id).lean();
    await h.identity.models.passkey.create({ ...stored!, _id: attResp.id });
    const response = await post(h, '/webauthn/register-verify', { userHandle, attResp, ...RP });
    expect(response.body).toMatchObject({ verified: false, error: 'invalid_state' });
  });
});

describe('authenticate and create-session', () => {
  it('auth-options: no_credentials for a handle without passkeys; allowCredentials for a known handle; empty when discoverable', async () => {
    const { userHandle: bare } = await registerOptions(h);
    expect(await authOptions(h, bare)).toEqual({ error: 'no_credentials' });
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    const targeted = await authOptions(h, userHandle);
    expect('options' in targeted && targeted.options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [{ id: authenticator.credentials[0].id, type: 'public-key' }],
    });
    const discoverable = await authOptions(h, userHandle, true);
    expect('options' in discoverable && discoverable.options.allowCredentials).toEqual([]);
    const anonymous = await authOptions(h);
    expect('options' in anonymous && anonymous.options.allowCredentials).toEqual([]);
  });

  it('register → link → assert → create-session: session with amr passkey and a refresh cookie', async () => {
    const { authenticator, userHandle, proof } = await linkedMember('member.one@example.com');
    const stored = await h.identity.models.passkey.findById(authenticator.credentials[0].id).lean();
    expect(stored?.counter).toBe(1);
    expect(stored?.last_used_at?.toISOString()).toBe(h.clock.now().toISOString());
    const response = await createSession({ userHandle, email: 'member.one@example.com', proof });
    expect(response.status).toBe(200);
    const body = createPasskeySessionResponseSchema.parse(response.body);
    if (!body.success) throw new Error(body.error);
    const session = sessionSchema.parse(body.session);
    expect(session.user.email).toBe('member.one@example.com');
    expect(refreshCookieOf(response)).toBeTruthy();
    const claims = await h.identity.verifyAccessToken(session.access_token);
    expect(claims.amr).toEqual(['passkey']);
    expect(claims.aal).toBe('aal1');
    const user = await request(h.app).get('/api/identity/user').set('Authorization', `Bearer ${session.access_token}`);
    expect(userResponseSchema.parse(user.body)).toMatchObject({ email: 'member.one@example.com', member: true });
    expect((await h.identity.models.passkey.findById(authenticator.credentials[0].id).lean())?.user_id).toBe(session.user.id);
  });

  it('a discoverable assertion (no handle in the body) answers the credential’s handle', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    const verified = await assertPasskey(h, authenticator, undefined, { discoverable: true });
    expect(verified).toMatchObject({ verified: true, userHandle, hasExistingLink: false });
    expect(verified.proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('create-session is refused without a valid proof, with a reused proof, and with an expired proof', async () => {
    const { authenticator, userHandle, proof } = await linkedMember('member.two@example.com');
    const email = 'member.two@example.com';
    const sessions = await h.identity.models.session.countDocuments({});
    // Made-up proof (well-formed), and none at all.
    expect((await createSession({ userHandle, email, proof: 'A'.repeat(43) })).body).toEqual({ success: false, error: 'invalid_proof' });
    expectError(await createSession({ userHandle, email }), 400, 'invalid_request');
    // Proof of another handle.
    const other = softAuthenticator();
    const { userHandle: otherHandle } = await registerPasskey(h, other);
    const otherProof = (await assertPasskey(h, other, otherHandle)).proof!;
    expect((await createSession({ userHandle, email, proof: otherProof })).body).toEqual({ success: false, error: 'invalid_proof' });
    expect(await h.identity.models.session.countDocuments({})).toBe(sessions);
    // First use works, the second does not.
    expect((await createSession({ userHandle, email, proof })).body.success).toBe(true);
    const reused = await createSession({ userHandle, email, proof });
    expect(reused.body).toEqual({ success: false, error: 'invalid_proof' });
    expect(reused.headers['set-cookie']).toBeUndefined();
    // Expired after 2 minutes.
    const late = (await assertPasskey(h, authenticator, userHandle)).proof!;
    const fresh = (await assertPasskey(h, authenticator, userHandle)).proof!;
    h.clock.advance(120_000);
    expect((await createSession({ userHandle, email, proof: late })).body).toEqual({ success: false, error: 'invalid_proof' });
    const still = (await assertPasskey(h, authenticator, userHandle)).proof!;
    h.clock.advance(119_000);
    expect((await createSession({ userHandle, email, proof: still })).body.success).toBe(true);
    expect((await createSession({ userHandle, email, proof: fresh })).body).toEqual({ success: false, error: 'invalid_proof' });
  });

  it('create-session needs the link to this email and an active subscriber', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    let proof = (await assertPasskey(h, authenticator, userHandle)).proof!;
    expect((await createSession({ userHandle, email: 'unlinked@example.com', proof })).body).toEqual({ success: false, error: 'not_linked' });
    await linkMembership(h, userHandle, 'lapsing@example.com');
    expect((await createSession({ userHandle, email: 'someone.else@example.com', proof })).body).toEqual({ success: false, error: 'email_mismatch' });
    h.members.delete('lapsing@example.com');
    expect((await createSession({ userHandle, email: 'lapsing@example.com', proof })).body).toEqual({ success: false, error: 'not_subscribed' });
    expect(await h.identity.models.user.countDocuments({ email: 'lapsing@example.com' })).toBe(0);
    h.members.add('lapsing@example.com');
    // The refused attempts did not use the proof up.
    expect((await createSession({ userHandle, email: 'Lapsing@Example.com', proof })).body.success).toBe(true);
    proof = (await assertPasskey(h, authenticator, userHandle)).proof!;
    expect(proof).toBeTruthy();
  });

  it('updates the counter and refuses a replayed (not higher) counter', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    const credential = authenticator.credentials[0];
    expect((await assertPasskey(h, authenticator, userHandle, { counter: 5 })).verified).toBe(true);
    expect((await h.identity.models.passkey.findById(credential.id).lean())?.counter).toBe(5);
    const lower = await assertPasskey(h, authenticator, userHandle, { counter: 3 });
    expect(lower).toEqual({ verified: false, userHandle, hasExistingLink: false });
    const same = await assertPasskey(h, authenticator, userHandle, { counter: 5 });
    expect(same.verified).toBe(false);
    expect((await h.identity.models.passkey.findById(credential.id).lean())?.counter).toBe(5);
    expect((await assertPasskey(h, authenticator, userHandle, { counter: 6 })).verified).toBe(true);
  });

  it('an authentication challenge is single use and expires after 5 minutes', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    const answer = await authOptions(h, userHandle);
    if (!('options' in answer)) throw new Error('no options');
    const first = authenticator.authenticate(answer.options as never);
    expect((await post(h, '/webauthn/auth-verify', { userHandle, authResp: first, ...RP })).body.verified).toBe(true);
    const second = authenticator.authenticate(answer.options as never);
    expect((await post(h, '/webauthn/auth-verify', { userHandle, authResp: second, ...RP })).body.verified).toBe(false);

    const a = await authOptions(h, userHandle);
    const b = await authOptions(h, userHandle);
    if (!('options' in a) || !('options' in b)) throw new Error('no options');
    h.clock.advance(299_000);
    expect((await post(h, '/webauthn/auth-verify', { userHandle, authResp: authenticator.authenticate(a.options as never), ...RP })).body.verified).toBe(true);
    h.clock.advance(1000);
    const late = await post(h, '/webauthn/auth-verify', { userHandle, authResp: authenticator.authenticate(b.options as never), ...RP });
    expect(late.body).toEqual({ verified: false, userHandle, hasExistingLink: false });
  });

  it('refuses assertions for another origin or RP ID, signed by another key, or for another handle', async () => {
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    const otherAuthenticator = softAuthenticator();
    const { userHandle: otherHandle } = await registerPasskey(h, otherAuthenticator);
    expect((await assertPasskey(h, authenticator, userHandle, { origin: 'http://evil.example' })).verified).toBe(false);
    expect((await assertPasskey(h, authenticator, userHandle, { rpId: 'evil.example' })).verified).toBe(false);
    // Signed with the other authenticator's key but claiming our credential id.
    const answer = await authOptions(h, userHandle);
    if (!('options' in answer)) throw new Error('no options');
    const forged = otherAuthenticator.authenticate(answer.options as never, { credential: otherAuthenticator.credentials[0] });
    forged.id = authenticator.credentials[0].id;
    forged.rawId = forged.id;
    forged.response.userHandle = userHandle;
    expect((await post(h, '/webauthn/auth-verify', { userHandle, authResp: forged, ...RP })).body.verified).toBe(false);
    // Our credential presented under the other handle.
    const cross = await assertPasskey(h, authenticator, undefined, { discoverable: true });
    expect(cross.verified).toBe(true);
    const mixed = await authOptions(h, otherHandle, true);
    if (!('options' in mixed)) throw new Error('no options');
    const resp = authenticator.authenticate(mixed.options as never);
    expect((await post(h, '/webauthn/auth-verify', { userHandle: otherHandle, authResp: resp, ...RP })).body.verified).toBe(false);
    expectError(await post(h, '/webauthn/auth-verify', { userHandle, authResp: resp, rpId: RP.rpId, origin: 'http://evil.example' }), 400, 'rp_id_mismatch');
  });
});

describe('adding a passkey to a handle that has one', () => {
  it('is refused without a proof from one of its passkeys, or with a used or foreign proof', async () => {
    const phone = softAuthenticator();
    const { userHandle } = await registerPasskey(h, phone);
    const attempt = (proof?: string) =>
      post(h, '/webauthn/register-options', { displayName: 'Intruder', userHandle, ...RP, ...(proof ? { proof } : {}) });
    expectError(await attempt(), 403, 'invalid_proof');
    expectError(await attempt('made-up-proof'), 403, 'invalid_proof');
    const other = softAuthenticator();
    const { userHandle: otherHandle } = await registerPasskey(h, other);
    const foreign = (await assertPasskey(h, other, otherHandle, { credential: other.credentials[0] })).proof!;
    expectError(await attempt(foreign), 403, 'invalid_proof');
    const own = (await assertPasskey(h, phone, userHandle, { credential: phone.credentials[0] })).proof!;
    expect((await attempt(own)).status).toBe(200);
    expectError(await attempt(own), 403, 'invalid_proof');
  });
});

describe('a linked handle whose passkeys were all removed', () => {
  it('a leaked handle cannot be used to register a new passkey and open a session as the member', async () => {
    const email = 'removed.all@example.com';
    const { authenticator, userHandle, proof } = await linkedMember(email);
    const created = await createSession({ userHandle, email, proof });
    const auth = { Authorization: `Bearer ${created.body.session.access_token as string}` };
    // The member removes the device's only passkey in the profile; the link stays behind.
    await request(h.app).delete(`/api/identity/passkeys/${authenticator.credentials[0].id}`).set(auth).expect(200);
    // Someone who learnt the handle registers their own authenticator under it (no passkey left to prove with)...
    const intruder = softAuthenticator();
    const registered = await registerPasskey(h, intruder, userHandle);
    // ...but the new passkey is not trusted with the old link: it must be linked again by emailed code.
    expect(registered.verify).toMatchObject({ verified: true, userHandle, requiresLinking: true });
    const asserted = await assertPasskey(h, intruder, userHandle);
    expect(asserted.hasExistingLink).toBe(false);
    const sessions = await h.identity.models.session.countDocuments({});
    expect((await createSession({ userHandle, email, proof: asserted.proof })).body).toEqual({ success: false, error: 'not_linked' });
    expect(await h.identity.models.session.countDocuments({})).toBe(sessions);
  });
});

describe('several passkeys per user, list and delete', () => {
  it('lists the signed-in user’s passkeys with names and times, and deletes only their own', async () => {
    const email = 'multi@example.com';
    const phone = softAuthenticator({ aaguid: ICLOUD, backedUp: true });
    const { userHandle } = await registerPasskey(h, phone);
    h.clock.advance(60_000);
    const laptop = softAuthenticator({ aaguid: ONE_PASSWORD });
    // A second passkey on the same handle takes a fresh assertion by the first.
    const phoneProof = (await assertPasskey(h, phone, userHandle, { credential: phone.credentials[0] })).proof!;
    await registerPasskey(h, laptop, userHandle, phoneProof);
    await linkMembership(h, userHandle, email);
    const proof = (await assertPasskey(h, laptop, userHandle, { credential: laptop.credentials[0] })).proof!;
    const created = await createSession({ userHandle, email, proof });
    const token = created.body.session.access_token as string;
    const auth = { Authorization: `Bearer ${token}` };

    const list = passkeyListResponseSchema.parse((await request(h.app).get('/api/identity/passkeys').set(auth)).body);
    expect(list.passkeys.map((p) => [p.id, p.name, p.backed_up])).toEqual([
      [phone.credentials[0].id, 'iCloud Keychain', true],
      [laptop.credentials[0].id, '1Password', false],
    ]);
    // Both were just used: the phone to prove the second passkey may be added, the laptop to sign in.
    expect(list.passkeys[0].last_used_at).toBe(h.clock.now().toISOString());
    expect(list.passkeys[1].last_used_at).toBe(h.clock.now().toISOString());
    expect(new Date(list.passkeys[1].created_at).getTime() - new Date(list.passkeys[0].created_at).getTime()).toBe(60_000);

    // Someone else's passkey cannot be removed (404), and is not listed.
    const stranger = softAuthenticator();
    await registerPasskey(h, stranger);
    expectError(await request(h.app).delete(`/api/identity/passkeys/${stranger.credentials[0].id}`).set(auth), 404, 'passkey_not_found');
    expect(await h.identity.models.passkey.countDocuments({ _id: stranger.credentials[0].id })).toBe(1);
    expectError(await request(h.app).get('/api/identity/passkeys'), 401, 'not_authenticated');

    const removed = await request(h.app).delete(`/api/identity/passkeys/${phone.credentials[0].id}`).set(auth);
    expect(removed.body).toEqual({ id: phone.credentials[0].id });
    const after = passkeyListResponseSchema.parse((await request(h.app).get('/api/identity/passkeys').set(auth)).body);
    expect(after.passkeys.map((p) => p.id)).toEqual([laptop.credentials[0].id]);
    // The removed passkey can no longer sign in.
    expect((await assertPasskey(h, phone, undefined, { discoverable: true })).verified).toBe(false);
  });

  it('an email sign-in sees the passkeys under handles linked to that email', async () => {
    const authenticator = softAuthenticator({ aaguid: ONE_PASSWORD });
    const { userHandle } = await registerPasskey(h, authenticator);
    await linkMembership(h, userHandle, 'email.first@example.com');
    const { session } = await signIn(h, 'email.first@example.com');
    const list = await request(h.app).get('/api/identity/passkeys').set('Authorization', `Bearer ${session.access_token}`);
    expect(passkeyListResponseSchema.parse(list.body).passkeys.map((p) => p.name)).toEqual(['1Password']);
  });
});

describe('clear', () => {
  it('needs a proof or the signed-in owner; clears passkeys, link and proofs of the handle', async () => {
    const { authenticator, userHandle, proof } = await linkedMember('clear.me@example.com');
    expectError(await post(h, '/webauthn/clear', { userHandle }), 401, 'not_authenticated');
    expectError(await post(h, '/webauthn/clear', { userHandle, proof: 'B'.repeat(43) }), 403, 'invalid_proof');
    const { session } = await signIn(h, 'not.the.owner@example.com');
    const asStranger = await request(h.app).post('/api/identity/webauthn/clear').set('Authorization', `Bearer ${session.access_token}`).send({ userHandle });
    expectError(asStranger, 403, 'not_owner');
    expect(await h.identity.models.passkey.countDocuments({ user_handle: userHandle })).toBe(1);

    expect((await post(h, '/webauthn/clear', { userHandle, proof })).body).toEqual({ cleared: true });
    expect(await h.identity.models.passkey.countDocuments({ user_handle: userHandle })).toBe(0);
    expect(await h.identity.models.membershipLink.countDocuments({ _id: userHandle })).toBe(0);
    expect(await h.identity.models.passkeyProof.countDocuments({ user_handle: userHandle })).toBe(0);
    expect(await authOptions(h, userHandle)).toEqual({ error: 'no_credentials' });
    expect(authenticator.credentials).toHaveLength(1);
  });

  it('the signed-in owner can clear without a proof', async () => {
    const { userHandle, proof } = await linkedMember('owner.clear@example.com');
    const token = (await createSession({ userHandle, email: 'owner.clear@example.com', proof })).body.session.access_token as string;
    const response = await request(h.app).post('/api/identity/webauthn/clear').set('Authorization', `Bearer ${token}`).send({ userHandle });
    expect(response.body).toEqual({ cleared: true });
    expect(await h.identity.models.passkey.countDocuments({ user_handle: userHandle })).toBe(0);
  });
});
