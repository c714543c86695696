/**
 * Staff roles (issue 11) over HTTP against the embedded store and MailDev: GET /admin/people,
 * PUT /admin/people/roles, pending grants at first sign-in, staff sign-in by emailed code,
 * role changes reaching the token at refresh, and identity's audit events (GET /audit).
 */
import request from 'supertest';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditListResponseSchema,
  createPasskeySessionResponseSchema,
  peopleListResponseSchema,
  PROTECTED_ADMIN_MESSAGE,
  sessionSchema,
  type AuditEvent,
  type IdentityRole,
  type Session,
} from '@croft/contracts';
import { listEmails } from '@croft/maildev';
import { expectError, refreshCookieOf, requestCode, signIn, startHarness, type Harness } from '../testing/harness';
import * as staff from '../testing/staff';
import { bearer, raiseToAal2, signedIn } from '../testing/staff';
import { assertPasskey, linkMembership, post, registerPasskey, softAuthenticator } from '../testing/passkey-flow';

const BOSS = 'boss@croftcommon.co.uk'; // the harness's ADMIN_EMAIL

let h: Harness;
/** Roomy limits: this file signs many people in from one IP, and the boss makes many changes (the write limit has its own test). */
const ROOMY = { codesPerIp: { windowMs: 60_000, limit: 10_000 }, roleWritesPerUser: { windowMs: 60_000, limit: 10_000 } };

beforeAll(async () => {
  h = await startHarness('people', { limits: ROOMY });
});

afterAll(async () => {
  await h?.stop();
});

const listPeople = (token: string, target = h) => staff.listPeople(target, token);
const putRoles = (token: string, body: unknown, target = h) => staff.putRoles(target, token, body);
const listAudit = (token: string, query = '', target = h) => staff.listAudit(target, token, query);
const setRoles = (token: string, email: string, roles: IdentityRole[], target = h) => staff.setRoles(target, token, email, roles);
const refreshWith = (cookie: string, target = h) =>
  request(target.app).post('/api/identity/token?grant_type=refresh_token').set('Cookie', `cc_refresh=${cookie}`);

const rolesOf = async (email: string, target = h) => (await target.identity.models.user.findOne({ email }).lean())?.roles;
const grantOf = (email: string, target = h) => target.identity.models.roleGrant.findById(email).lean();
const eventsFor = async (target: string, harness = h): Promise<AuditEvent[]> =>
  (await harness.identity.audit.list({ limit: 100 })).items.filter((e) => e.target === target);

/** The boss (ADMIN_EMAIL) at aal2: signed in once for the whole file. */
let boss: { session: Session; refresh: string };
beforeAll(async () => {
  boss = await signedIn(h, BOSS, { aal2: true });
});

describe('who may use the people screens', () => {
  it('anonymous → 401; a member, an editor or staff without admin → 403 forbidden', async () => {
    expectError(await request(h.app).get('/api/identity/admin/people'), 401, 'not_authenticated');
    expectError(await request(h.app).put('/api/identity/admin/people/roles').send({ email: 'x@example.com', roles: [] }), 401, 'not_authenticated');
    expectError(await request(h.app).get('/api/identity/audit'), 401, 'not_authenticated');

    const member = await signedIn(h, 'member.only@example.com');
    expectError(await listPeople(member.session.access_token), 403, 'forbidden');
    expectError(await putRoles(member.session.access_token, { email: 'member.only@example.com', roles: ['admin'] }), 403, 'forbidden');
    expectError(await listAudit(member.session.access_token), 403, 'forbidden');

    await setRoles(boss.session.access_token, 'ed.only@example.com', ['editor', 'staff']);
    const editor = await signedIn(h, 'ed.only@example.com', { aal2: true });
    expectError(await listPeople(editor.session.access_token), 403, 'forbidden');
    expectError(await putRoles(editor.session.access_token, { email: 'ed.only@example.com', roles: ['admin'] }), 403, 'forbidden');
    expect(await rolesOf('member.only@example.com')).toEqual([]);
    expect(await rolesOf('ed.only@example.com')).toEqual(['editor', 'staff']);
  });

  it('an admin without an authenticator app lists at aal1, but PUT needs aal2 (403 aal2_required), and nothing changes', async () => {
    await setRoles(boss.session.access_token, 'new.admin@example.com', ['admin']);
    const admin = await signedIn(h, 'new.admin@example.com');
    expect(decodeJwt(admin.session.access_token)).toMatchObject({ aal: 'aal1', roles: ['admin'], mfa: false });
    expect((await listPeople(admin.session.access_token)).status).toBe(200);
    expect((await listAudit(admin.session.access_token)).status).toBe(200);
    const refused = await putRoles(admin.session.access_token, { email: 'someone.new@example.com', roles: ['editor'] });
    expect(expectError(refused, 403, 'aal2_required')).toMatch(/authenticator app/);
    expect(await grantOf('someone.new@example.com')).toBeNull();
    // Once enrolled (aal2) the change goes through.
    const raised = await raiseToAal2(h, admin.session);
    expect((await putRoles(raised.access_token, { email: 'someone.new@example.com', roles: ['editor'] })).status).toBe(200);
    // With an authenticator app, an aal1 session of that admin may not even list.
    const second = await signIn(h, 'new.admin@example.com');
    expectError(await listPeople(second.session.access_token), 403, 'aal2_required');
    await setRoles(boss.session.access_token, 'someone.new@example.com', []);
    await setRoles(boss.session.access_token, 'new.admin@example.com', []);
  });

  it('a demoted admin is refused at once, even with a token that has not run out', async () => {
    await setRoles(boss.session.access_token, 'short.lived@example.com', ['admin']);
    const admin = await signedIn(h, 'short.lived@example.com', { aal2: true });
    expect((await listPeople(admin.session.access_token)).status).toBe(200);
    await setRoles(boss.session.access_token, 'short.lived@example.com', ['editor']);
    expect(decodeJwt(admin.session.access_token).roles).toContain('admin'); // the old token still says admin
    expectError(await listPeople(admin.session.access_token), 403, 'forbidden');
    expectError(await putRoles(admin.session.access_token, { email: 'short.lived@example.com', roles: ['admin'] }), 403, 'forbidden');
    expect(await rolesOf('short.lived@example.com')).toEqual(['editor']);
  });

  it('a signed-out session is refused', async () => {
    await setRoles(boss.session.access_token, 'leaver@example.com', ['admin']);
    const admin = await signedIn(h, 'leaver@example.com', { aal2: true });
    expect((await request(h.app).post('/api/identity/logout').set(bearer(admin.session.access_token))).status).toBe(204);
    expectError(await listPeople(admin.session.access_token), 401, 'session_not_found');
    await setRoles(boss.session.access_token, 'leaver@example.com', []);
  });
});

describe('GET /admin/people', () => {
  it('lists everyone with a role or a pending grant, by email, with user_id, mfa and protected_admin', async () => {
    await setRoles(boss.session.access_token, 'zed.staff@example.com', ['staff']);
    await signedIn(h, 'zed.staff@example.com');
    await setRoles(boss.session.access_token, 'amy.pending@example.com', ['editor']);
    await signIn(h, 'no.role@example.com');
    const response = await listPeople(boss.session.access_token);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = peopleListResponseSchema.parse(response.body);
    const emails = items.map((p) => p.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).not.toContain('no.role@example.com');
    const bossUser = await h.identity.models.user.findOne({ email: BOSS }).lean();
    expect(items.find((p) => p.email === BOSS)).toEqual({ email: BOSS, user_id: bossUser!._id, roles: ['admin'], mfa: true, protected_admin: true });
    expect(items.find((p) => p.email === 'amy.pending@example.com')).toEqual({
      email: 'amy.pending@example.com',
      user_id: null,
      roles: ['editor'],
      mfa: false,
      protected_admin: false,
    });
    expect(items.find((p) => p.email === 'zed.staff@example.com')).toMatchObject({ roles: ['staff'], mfa: false, protected_admin: false });
    expect(items.find((p) => p.email === 'zed.staff@example.com')!.user_id).toEqual(expect.any(String));
  });

  it('refuses a query string (400 invalid_request)', async () => {
    expectError(await request(h.app).get('/api/identity/admin/people?roles[$ne]=x').set(bearer(boss.session.access_token)), 400, 'invalid_request');
  });
});

describe('PUT /admin/people/roles', () => {
  it('sets a known person’s whole role set, answers the person, and audits each grant and revoke', async () => {
    await signIn(h, 'ann@example.com');
    const person = await setRoles(boss.session.access_token, 'Ann@Example.com', ['staff', 'editor']);
    expect(person).toMatchObject({ email: 'ann@example.com', roles: ['editor', 'staff'], mfa: false, protected_admin: false });
    expect(person.user_id).toEqual(expect.any(String));
    expect(await rolesOf('ann@example.com')).toEqual(['editor', 'staff']);

    const again = await setRoles(boss.session.access_token, 'ann@example.com', ['staff']);
    expect(again.roles).toEqual(['staff']);
    const bossId = decodeJwt(boss.session.access_token).sub;
    const events = await eventsFor('ann@example.com');
    // Newest first: the revoke, then the two grants.
    expect(events.map((e) => [e.action, e.detail])).toEqual([
      ['role.revoked', 'editor revoked'],
      ['role.granted', 'staff granted'],
      ['role.granted', 'editor granted'],
    ]);
    expect(events[0]).toMatchObject({ service: 'identity', actor: { id: bossId, email: BOSS }, target: 'ann@example.com' });
    // The same set again changes nothing and writes no event.
    await setRoles(boss.session.access_token, 'ann@example.com', ['staff']);
    expect(await eventsFor('ann@example.com')).toHaveLength(3);
  });

  it('an unknown address gets a pending grant (changed, then emptied), audited as pending', async () => {
    const email = 'future.editor@example.com';
    expect((await setRoles(boss.session.access_token, email, ['editor'])).user_id).toBeNull();
    expect(await grantOf(email)).toMatchObject({ roles: ['editor'] });
    await setRoles(boss.session.access_token, email, ['editor', 'staff']);
    expect((await grantOf(email))!.roles).toEqual(['editor', 'staff']);
    expect(await h.identity.models.user.exists({ email })).toBeNull();
    const emptied = await setRoles(boss.session.access_token, email, []);
    expect(emptied).toEqual({ email, user_id: null, roles: [], mfa: false, protected_admin: false });
    const { items } = peopleListResponseSchema.parse((await listPeople(boss.session.access_token)).body);
    expect(items.map((p) => p.email)).not.toContain(email);
    expect((await eventsFor(email)).map((e) => e.detail)).toEqual([
      'staff revoked (pending first sign-in)',
      'editor revoked (pending first sign-in)',
      'staff granted (pending first sign-in)',
      'editor granted (pending first sign-in)',
    ]);
    // Emptying an address that never had a grant stores nothing.
    await setRoles(boss.session.access_token, 'never.granted@example.com', []);
    expect(await grantOf('never.granted@example.com')).toBeNull();
  });

  it('never takes admin from ADMIN_EMAIL (409 protected_admin), but other roles can be added and removed', async () => {
    for (const roles of [[], ['editor'], ['editor', 'staff']] as IdentityRole[][]) {
      const refused = await putRoles(boss.session.access_token, { email: BOSS, roles });
      expect(expectError(refused, 409, 'protected_admin')).toBe(PROTECTED_ADMIN_MESSAGE);
    }
    expect(await rolesOf(BOSS)).toEqual(['admin']);
    expect((await setRoles(boss.session.access_token, BOSS, ['admin', 'editor'])).roles).toEqual(['editor', 'admin']);
    expect((await setRoles(boss.session.access_token, BOSS, ['admin'])).roles).toEqual(['admin']);
  });

  it('bad bodies (unknown keys, operators, unknown or repeated roles, bad emails) → 400 and nothing changes', async () => {
    await signIn(h, 'target@example.com');
    const snapshot = async () =>
      JSON.stringify([
        await h.identity.models.user.find({}).sort({ _id: 1 }).lean(),
        await h.identity.models.roleGrant.find({}).sort({ _id: 1 }).lean(),
        (await h.identity.audit.list({ limit: 100 })).items,
      ]);
    const before = await snapshot();
    const target = 'target@example.com';
    const bodies: unknown[] = [
      { email: target, roles: ['admin'], extra: true },
      { email: target, roles: ['admin'], $set: { roles: ['admin'] } },
      { email: { $ne: null }, roles: ['admin'] },
      { email: { $regex: '.*' }, roles: [] },
      { email: target, roles: { $in: ['admin'] } },
      { email: target, roles: [{ $ne: 'x' }] },
      { email: target, roles: ['owner'] },
      { email: target, roles: ['editor', 'editor'] },
      { email: target, roles: 'admin' },
      { email: target, roles: ['editor', 'staff', 'admin', 'editor'] },
      { email: 'not an email', roles: ['admin'] },
      { email: `${'a'.repeat(300)}@example.com`, roles: ['admin'] },
      { email: target },
      { roles: ['admin'] },
      { 'email.x': target, roles: ['admin'] },
      [{ email: target, roles: ['admin'] }],
    ];
    for (const body of bodies) {
      expectError(await putRoles(boss.session.access_token, body), 400, 'invalid_request');
    }
    expectError(
      await request(h.app).put('/api/identity/admin/people/roles?email=x').set(bearer(boss.session.access_token)).send({ email: target, roles: ['admin'] }),
      400,
      'invalid_request',
    );
    expect(await snapshot()).toBe(before);
  });

  it('limits role changes per admin (429 rate_limited) without changing anything', async () => {
    const limited = h.restart({ limits: { ...ROOMY, roleWritesPerUser: { windowMs: 60_000, limit: 2 } } });
    const target: Harness = { ...h, app: limited.app, identity: limited.identity };
    const adminToken = async (email: string) => {
      await setRoles(boss.session.access_token, email, ['admin']);
      return (await signedIn(target, email, { aal2: true })).session.access_token;
    };
    const busy = await adminToken('busy.admin@example.com');
    await setRoles(busy, 'busy.one@example.com', ['editor'], target);
    await setRoles(busy, 'busy.two@example.com', ['editor'], target);
    const refused = await putRoles(busy, { email: 'busy.three@example.com', roles: ['editor'] }, target);
    expect(expectError(refused, 429, 'rate_limited')).toMatch(/Too many role changes/);
    expect(await grantOf('busy.three@example.com')).toBeNull();
    // Another admin has a budget of their own; the busy one gets theirs back after the window.
    const calm = await adminToken('calm.admin@example.com');
    await setRoles(calm, 'busy.three@example.com', ['editor'], target);
    h.clock.advance(60_001);
    await setRoles(busy, 'busy.four@example.com', ['editor'], target);
    for (const email of ['busy.admin@example.com', 'calm.admin@example.com']) await setRoles(boss.session.access_token, email, []);
  });
});

describe('pending grants and staff sign-in by emailed code', () => {
  it('a pending grant is applied at first sign-in (emailed code) and consumed', async () => {
    const email = 'pending.editor@example.com';
    await setRoles(boss.session.access_token, email, ['editor']);
    const { session } = await signIn(h, email);
    expect(decodeJwt(session.access_token).roles).toEqual(['editor']);
    expect(session.user.roles).toEqual(['editor']);
    expect(await grantOf(email)).toBeNull();
    const { items } = peopleListResponseSchema.parse((await listPeople(boss.session.access_token)).body);
    expect(items.filter((p) => p.email === email)).toEqual([expect.objectContaining({ user_id: session.user.id, roles: ['editor'] })]);
  });

  it('a pending grant is applied at a first sign-in by passkey (create-session) too', async () => {
    const email = 'passkey.staff@example.com';
    await setRoles(boss.session.access_token, email, ['staff']);
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    await linkMembership(h, userHandle, email);
    const verified = await assertPasskey(h, authenticator, userHandle);
    const response = await post(h, '/webauthn/create-session', { userHandle, email, proof: verified.proof });
    const body = createPasskeySessionResponseSchema.parse(response.body);
    if (!body.success) throw new Error(body.error);
    expect(decodeJwt(body.session.access_token)).toMatchObject({ email, roles: ['staff'], amr: ['passkey'] });
    expect(await grantOf(email)).toBeNull();
  });

  it('a pending grant for an address that becomes ADMIN_EMAIL joins its account at the next start', async () => {
    const email = 'next.boss@example.com';
    await setRoles(boss.session.access_token, email, ['editor']);
    await h.restart({ adminEmail: email }).identity.seed();
    expect(await rolesOf(email)).toEqual(expect.arrayContaining(['admin', 'editor']));
    expect(await rolesOf(email)).toHaveLength(2);
    expect(await grantOf(email)).toBeNull();
    expect((await eventsFor(email))[0]).toMatchObject({ actor: null, action: 'role.granted', detail: 'admin granted (ADMIN_EMAIL)' });
    // No longer ADMIN_EMAIL in this process: an ordinary admin, whose admin role can be removed.
    await setRoles(boss.session.access_token, email, []);
  });

  it('a person with a pending grant gets and uses a code with create_user false (not a subscriber), and becomes a user', async () => {
    const email = 'cms.login@example.com';
    expect(h.members.has(email)).toBe(false);
    await setRoles(boss.session.access_token, email, ['editor']);
    const code = await requestCode(h, email, { createUser: false });
    const verified = await request(h.app).post('/api/identity/verify').send({ email, token: code, type: 'email' });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const session = sessionSchema.parse(verified.body);
    expect(decodeJwt(session.access_token)).toMatchObject({ email, roles: ['editor'] });
    expect(await grantOf(email)).toBeNull();
    // Known now: a second sign-in with create_user false works like any account's.
    await signIn(h, email, { createUser: false });
  });

  it('ADMIN_EMAIL and people holding a role sign in with create_user false', async () => {
    await signIn(h, BOSS, { createUser: false });
    await signIn(h, 'ann@example.com', { createUser: false });
  });

  it('people without a role or grant keep today’s rules: create_user false → 404 user_not_found, no email, no account', async () => {
    const email = 'nobody.special@example.com';
    const before = (await listEmails(h.maildev.webUrl)).length;
    expectError(await request(h.app).post('/api/identity/otp').send({ email, create_user: false }), 404, 'user_not_found');
    expect(await h.identity.models.user.exists({ email })).toBeNull();
    // An emptied (revoked) grant is no invitation either.
    await setRoles(boss.session.access_token, 'revoked.invite@example.com', ['editor']);
    await setRoles(boss.session.access_token, 'revoked.invite@example.com', []);
    expectError(await request(h.app).post('/api/identity/otp').send({ email: 'revoked.invite@example.com', create_user: false }), 404, 'user_not_found');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await listEmails(h.maildev.webUrl)).length).toBe(before);
    // And with create_user true they sign up as before, with no role.
    const { session } = await signIn(h, 'revoked.invite@example.com');
    expect(decodeJwt(session.access_token).roles).toEqual([]);
    expect(await grantOf('revoked.invite@example.com')).toBeNull();
  });

  it('a grant revoked after the code was sent stops create_user false at verify (404), without an account', async () => {
    const email = 'late.revoke@example.com';
    await setRoles(boss.session.access_token, email, ['staff']);
    const code = await requestCode(h, email, { createUser: false });
    await setRoles(boss.session.access_token, email, []);
    expectError(await request(h.app).post('/api/identity/verify').send({ email, token: code, type: 'email' }), 404, 'user_not_found');
    expect(await h.identity.models.user.exists({ email })).toBeNull();
  });
});

describe('role changes reach the token at the next refresh', () => {
  it('grant editor → the refreshed access token has editor; revoke → the next refresh drops it', async () => {
    const email = 'refresher@example.com';
    const first = await signIn(h, email);
    expect(decodeJwt(first.session.access_token).roles).toEqual([]);
    await setRoles(boss.session.access_token, email, ['editor']);
    const granted = await refreshWith(first.refresh);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const grantedSession = sessionSchema.parse(granted.body);
    expect(decodeJwt(grantedSession.access_token).roles).toEqual(['editor']);
    expect(grantedSession.user.roles).toEqual(['editor']);

    await setRoles(boss.session.access_token, email, []);
    const revoked = await refreshWith(refreshCookieOf(granted)!);
    expect(revoked.status).toBe(200);
    expect(decodeJwt(sessionSchema.parse(revoked.body).access_token).roles).toEqual([]);
  });
});

describe('GET /audit', () => {
  it('lists identity’s events newest first with cursor pages', async () => {
    const token = boss.session.access_token;
    for (const email of ['page.a@example.com', 'page.b@example.com', 'page.c@example.com']) {
      h.clock.advance(1000);
      await setRoles(token, email, ['editor']);
    }
    const first = await listAudit(token, '?limit=2');
    expect(first.status).toBe(200);
    const page1 = auditListResponseSchema.parse(first.body);
    expect(page1.items.map((e) => e.target)).toEqual(['page.c@example.com', 'page.b@example.com']);
    expect(page1.items[0]).toMatchObject({ service: 'identity', action: 'role.granted', detail: 'editor granted (pending first sign-in)' });
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = auditListResponseSchema.parse((await listAudit(token, `?limit=2&before=${page1.next_cursor}`)).body);
    expect(page2.items[0].target).toBe('page.a@example.com');
    const all = auditListResponseSchema.parse((await listAudit(token)).body).items;
    const times = all.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a bad limit, a bad cursor and unknown keys (400)', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=nope', '?other=1', '?limit[$gt]=1']) {
      expectError(await listAudit(boss.session.access_token, query), 400, 'invalid_request');
    }
  });

  it('the start-up seed records ADMIN_EMAIL’s admin once, with no actor', async () => {
    const seeded = (await eventsFor(BOSS)).filter((e) => e.actor === null);
    expect(seeded).toEqual([expect.objectContaining({ action: 'role.granted', detail: 'admin granted (ADMIN_EMAIL)' })]);
    await h.restart().identity.seed();
    expect((await eventsFor(BOSS)).filter((e) => e.actor === null)).toHaveLength(1);
  });
});
