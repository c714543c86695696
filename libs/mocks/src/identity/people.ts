// MSW handlers and factories for identity's staff-roles and audit endpoints (identityPeopleEndpoints),
// content's audit list (listContentAuditEndpoint), and a staff sign-in world whose sessions carry
// the roles and authenticator app of the people store (so a granted role shows up at the next
// refresh, and the authenticator step keeps the person's roles, as on the server).
import { delay } from 'msw';
import {
  identityEndpoints as identity,
  IDENTITY_ROLES,
  LAST_ADMIN_MESSAGE,
  listContentAuditEndpoint,
  listLoyaltyAuditEndpoint,
  listCinemaAuditEndpoint,
  listNudgeAuditEndpoint,
  listIdentityAuditEndpoint,
  listPeopleEndpoint,
  PROTECTED_ADMIN_MESSAGE,
  setRolesEndpoint,
  type AuditEvent,
  type EndpointDefinition,
  type Factor,
  type IdentityRole,
  type Person,
  type Session,
} from '@croft/contracts';
import { NEXT_HANDLER, mockEndpoint, mockError, type MockContext, type MockFailure, type MockResolver } from '../endpoint';
import { MOCK_SIGN_IN_CODE } from './handlers';

/** The verified authenticator app every mock staff member with mfa has (a factor id, uuid-shaped). */
export const MOCK_STAFF_FACTOR_ID = '0b7d4c2e-9a51-4f3e-8c6d-1e2f3a4b5c6d';
/** The site's first admin in the mocks (ADMIN_EMAIL: protected). */
export const MOCK_ADMIN_EMAIL = 'admin@croftcommon.co.uk';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The verified authenticator app of a mock staff member. */
export function buildStaffFactor(overrides: Partial<Factor> = {}): Factor {
  return {
    id: MOCK_STAFF_FACTOR_ID,
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-04-01T09:00:00.000Z',
    updated_at: '2026-04-01T09:00:00.000Z',
    ...overrides,
  };
}

export interface StaffSessionOptions {
  email?: string;
  roles?: IdentityRole[];
  aal?: 'aal1' | 'aal2';
  /** Has a verified authenticator app (the token's `mfa` claim and the user's factors). */
  mfa?: boolean;
  userId?: string;
  expiresInS?: number;
}

/**
 * A session shaped like identity's for a member of staff: the JWT-shaped access token carries
 * roles, aal and the mfa claim (fake signature: the browser never verifies it), and the user has
 * the verified authenticator app when mfa is true.
 */
export function buildStaffSession(options: StaffSessionOptions = {}): Session {
  const email = options.email ?? MOCK_ADMIN_EMAIL;
  const roles = options.roles ?? ['admin'];
  const mfa = options.mfa ?? false;
  const aal = options.aal ?? 'aal1';
  const userId = options.userId ?? `user-${email.split('@')[0]?.replace(/[^a-z0-9]/gi, '') || 'staff'}`;
  const expiresIn = options.expiresInS ?? 600;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: userId,
    email,
    roles,
    aal,
    amr: aal === 'aal2' ? ['otp', 'totp'] : ['otp'],
    session_id: `session-${userId}`,
    mfa,
    iss: 'croft-common-mock',
    aud: 'croft-common',
    iat: now,
    exp: now + expiresIn,
  };
  return {
    access_token: `${b64({ alg: 'ES256', typ: 'JWT', kid: 'mock' })}.${b64(claims)}.mock-signature`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    user: { id: userId, email, roles, factors: mfa ? [buildStaffFactor()] : [] },
  };
}

/** A person as GET /api/identity/admin/people lists them (parses with personSchema). */
export function buildPerson(overrides: Partial<Person> = {}): Person {
  return {
    email: 'ann.editor@croftcommon.co.uk',
    user_id: 'user-anneditor',
    roles: ['editor'],
    mfa: false,
    protected_admin: false,
    ...overrides,
  };
}

/** The staff of the mocks: the protected first admin, a second admin, an editor, staff, a pending grant. */
export function buildPeopleFixtures(): Person[] {
  return [
    buildPerson({ email: MOCK_ADMIN_EMAIL, user_id: 'user-admin', roles: ['admin'], mfa: true, protected_admin: true }),
    buildPerson({ email: 'jo.manager@croftcommon.co.uk', user_id: 'user-jomanager', roles: ['editor', 'admin'], mfa: true }),
    buildPerson({ email: 'ann.editor@croftcommon.co.uk', user_id: 'user-anneditor', roles: ['editor'], mfa: false }),
    buildPerson({ email: 'sam.staff@croftcommon.co.uk', user_id: 'user-samstaff', roles: ['staff'], mfa: true }),
    buildPerson({ email: 'new.starter@croftcommon.co.uk', user_id: null, roles: ['staff'], mfa: false }),
  ];
}

let eventCounter = 0;
/** A 24-hex event id (what the services' ObjectIds look like). */
function eventId(n: number): string {
  return n.toString(16).padStart(24, '0');
}

/** An audit event (parses with auditEventSchema). */
export function buildAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  eventCounter += 1;
  return {
    id: eventId(eventCounter),
    at: '2026-11-20T10:00:00.000Z',
    service: 'content',
    actor: { id: 'user-anneditor', email: 'ann.editor@croftcommon.co.uk' },
    action: 'text.published',
    target: 'cafe/hero/title',
    detail: 'revision 4 live',
    ...overrides,
  };
}

const CONTENT_ACTIONS: { action: string; target: string; detail: string }[] = [
  { action: 'text.published', target: 'cafe/hero/title', detail: 'revision 4 live' },
  { action: 'text.draft_saved', target: 'kitchens/hero/lede', detail: 'draft revision 2' },
  { action: 'faq.updated', target: 'home/faq/opening-hours', detail: 'answer changed' },
  { action: 'text.scheduled', target: 'hall/hero/title', detail: 'publishes 1 December 2026, 09:00' },
  { action: 'image.replaced', target: 'beer/carousel/2', detail: 'new photo' },
  { action: 'text.restored', target: 'cocktails/hero/lede', detail: 'version 2 restored as a draft' },
];

/**
 * Audit events of one service, newest first, from `newest` back one `stepMinutes` apart: content's
 * edits or identity's role changes.
 */
export function buildAuditFixtures(service: 'content' | 'identity', count: number, newest = '2026-11-22T18:00:00.000Z', stepMinutes = 47): AuditEvent[] {
  const start = Date.parse(newest);
  const base = service === 'identity' ? 0x1000 : 0x2000;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start - i * stepMinutes * 60_000).toISOString();
    const id = eventId(base + count - i);
    if (service === 'identity') {
      const role = IDENTITY_ROLE_CYCLE[i % IDENTITY_ROLE_CYCLE.length];
      const granted = i % 3 !== 2;
      return {
        id,
        at,
        service,
        actor: { id: 'user-admin', email: MOCK_ADMIN_EMAIL },
        action: granted ? 'role.granted' : 'role.revoked',
        target: `person${i + 1}@croftcommon.co.uk`,
        detail: `${role} ${granted ? 'granted' : 'revoked'}`,
      };
    }
    const pick = CONTENT_ACTIONS[i % CONTENT_ACTIONS.length];
    return {
      id,
      at,
      service,
      // Every seventh is the platform itself (a scheduled publish running).
      actor: i % 7 === 6 ? null : { id: 'user-anneditor', email: 'ann.editor@croftcommon.co.uk' },
      action: pick.action,
      target: pick.target,
      detail: pick.detail,
    };
  });
}
const IDENTITY_ROLE_CYCLE: IdentityRole[] = ['editor', 'staff', 'admin'];

interface BearerClaims {
  sub: string;
  email: string;
  roles: IdentityRole[];
  aal: 'aal1' | 'aal2';
  mfa: boolean;
}

function bearerClaims(request: Request): BearerClaims | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const payload = token.split('.')[1] ?? '';
    const c = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    return {
      sub: typeof c.sub === 'string' ? c.sub : 'user-1',
      email: typeof c.email === 'string' ? c.email : '',
      roles: Array.isArray(c.roles) ? (c.roles.filter((r) => r === 'editor' || r === 'staff' || r === 'admin') as IdentityRole[]) : [],
      aal: c.aal === 'aal2' ? 'aal2' : 'aal1',
      mfa: c.mfa === true,
    };
  } catch {
    return null;
  }
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const FORBIDDEN: MockFailure = { status: 403, code: 'forbidden', message: 'You do not have permission to do this.' };
const AAL2_REQUIRED: MockFailure = { status: 403, code: 'aal2_required', message: 'Verify with your authenticator app first (AAL2 required).' };

/** The state a staff mock world keeps: the people and each service's audit events. */
export interface StaffMockStore {
  people: Person[];
  identityAudit: AuditEvent[];
  contentAudit: AuditEvent[];
  loyaltyAudit: AuditEvent[];
  cinemaAudit: AuditEvent[];
  nudgeAudit: AuditEvent[];
  /** Who is signed in through staffSignInHandlers, at which level. */
  signedIn: { email: string; aal: 'aal1' | 'aal2' } | null;
}

export interface StaffMockOptions {
  people?: Person[];
  identityAudit?: AuditEvent[];
  contentAudit?: AuditEvent[];
  /** The loyalty service's audit (voids): none by default. */
  loyaltyAudit?: AuditEvent[];
  /** The cinema service's audit (screening changes, check-ins): none by default. */
  cinemaAudit?: AuditEvent[];
  /** The nudge service's audit (compose, cancel, test send): none by default. */
  nudgeAudit?: AuditEvent[];
  /** Answer GET /admin/people with this failure. */
  peopleFails?: MockFailure;
  /** Answer PUT /admin/people/roles with this failure. */
  setRolesFails?: MockFailure;
  /** Answer identity's audit list with this failure. */
  identityAuditFails?: MockFailure;
  /** Answer content's audit list with this failure. */
  contentAuditFails?: MockFailure;
  /** Every call of these handlers waits this long first ('infinite': a loading state). */
  delayMs?: number | 'infinite';
  /** The sign-in and authenticator code that verifies (default 123456). */
  code?: string;
  /** Share state with other handler sets (created from the options when absent). */
  store?: StaffMockStore;
  /** Whoever signs in gets these roles and authenticator app, whatever the store says (QA worlds). */
  everyoneIs?: { roles: IdentityRole[]; mfa: boolean };
}

/** A fresh store: the fixtures unless the options give their own lists. */
export function createStaffMockStore(options: Omit<StaffMockOptions, 'store'> = {}): StaffMockStore {
  return {
    people: (options.people ?? buildPeopleFixtures()).map((p) => ({ ...p, roles: [...p.roles] })),
    identityAudit: [...(options.identityAudit ?? buildAuditFixtures('identity', 14, '2026-11-22T17:20:00.000Z', 211))],
    contentAudit: [...(options.contentAudit ?? buildAuditFixtures('content', 60))],
    loyaltyAudit: [...(options.loyaltyAudit ?? [])],
    cinemaAudit: [...(options.cinemaAudit ?? [])],
    nudgeAudit: [...(options.nudgeAudit ?? [])],
    signedIn: null,
  };
}

const cursorOf = (event: AuditEvent) => `${Date.parse(event.at)}-${event.id}`;
const newestFirst = (a: AuditEvent, b: AuditEvent) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** One page of an audit list, newest first, older than `before` (a next_cursor), as the services page it. */
function auditPage(events: AuditEvent[], query: { limit?: string; before?: string }) {
  const limit = Number(query.limit ?? 50);
  const sorted = [...events].sort(newestFirst);
  let start = 0;
  if (query.before) {
    const [ms, id] = query.before.split('-');
    start = sorted.findIndex((e) => Date.parse(e.at) < Number(ms) || (Date.parse(e.at) === Number(ms) && e.id < (id ?? '')));
    if (start < 0) start = sorted.length;
  }
  const items = sorted.slice(start, start + limit);
  const more = start + limit < sorted.length;
  return more && items.length > 0 ? { items, next_cursor: cursorOf(items[items.length - 1]) } : { items };
}

function sameRoles(a: readonly IdentityRole[], b: readonly IdentityRole[]) {
  return a.length === b.length && a.every((r) => b.includes(r));
}

/**
 * Identity's GET /admin/people, PUT /admin/people/roles and GET /audit, and content's GET /audit,
 * answered from an in-memory store the way the services do: a bearer token is required; people
 * and identity's audit need the admin role, content's audit editor or admin; anyone with an
 * authenticator app needs aal2, and role changes need aal2 always (aal2_required); the protected
 * first admin keeps admin (protected_admin) and the last admin stays (last_admin); every change is
 * audited ('role.granted' / 'role.revoked').
 */
export function peopleHandlers(options: StaffMockOptions = {}) {
  const store = options.store ?? createStaffMockStore(options);
  const guarded =
    <E extends EndpointDefinition>(
      allowed: readonly IdentityRole[],
      fails: MockFailure | undefined,
      resolve: (ctx: MockContext<E>, claims: BearerClaims) => ReturnType<MockResolver<E>>,
    ): MockResolver<E> =>
    async (ctx) => {
      if (options.delayMs !== undefined) await delay(options.delayMs);
      const claims = bearerClaims(ctx.request);
      if (!claims) return mockError(NOT_SIGNED_IN);
      if (!claims.roles.some((r) => allowed.includes(r))) return mockError(FORBIDDEN);
      if (claims.mfa && claims.aal !== 'aal2') return mockError(AAL2_REQUIRED);
      if (fails) return mockError(fails);
      return resolve(ctx, claims);
    };

  return [
    mockEndpoint(
      listPeopleEndpoint,
      guarded(['admin'], options.peopleFails, () => ({
        // As the service lists them: everyone with a role (an account or a pending grant), by email.
        items: store.people
          .filter((p) => p.roles.length > 0)
          .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
          .map((p) => ({ ...p, roles: [...p.roles] })),
      })),
    ),
    mockEndpoint(
      setRolesEndpoint,
      guarded(['admin'], undefined, ({ body }, claims) => {
        if (claims.aal !== 'aal2') return mockError(AAL2_REQUIRED);
        if (options.setRolesFails) return mockError(options.setRolesFails);
        const email = body.email;
        const roles = [...body.roles];
        const existing = store.people.find((p) => p.email === email);
        if (existing?.protected_admin && !roles.includes('admin')) {
          return mockError({ status: 409, code: 'protected_admin', message: PROTECTED_ADMIN_MESSAGE });
        }
        const adminsAfter = store.people.filter((p) => (p.email === email ? roles.includes('admin') : p.roles.includes('admin'))).length;
        if (existing?.roles.includes('admin') && adminsAfter === 0) {
          return mockError({ status: 409, code: 'last_admin', message: LAST_ADMIN_MESSAGE });
        }
        const before = existing?.roles ?? [];
        const person: Person = existing
          ? { ...existing, roles }
          : { email, user_id: null, roles, mfa: false, protected_admin: false };
        if (!sameRoles(before, roles)) {
          // As the service writes them: one event per role changed, in the roles' order.
          const at = new Date().toISOString();
          const note = person.user_id === null ? ' (pending first sign-in)' : '';
          for (const role of IDENTITY_ROLES) {
            const had = before.includes(role);
            const has = roles.includes(role);
            if (had === has) continue;
            store.identityAudit.push(
              buildAuditEvent({
                id: eventId(0x9000 + store.identityAudit.length),
                at,
                service: 'identity',
                actor: { id: claims.sub, email: claims.email },
                action: has ? 'role.granted' : 'role.revoked',
                target: email,
                detail: `${role} ${has ? 'granted' : 'revoked'}${note}`,
              }),
            );
          }
        }
        // Kept in the store (their account and app stay); the list shows only people with a role.
        store.people = [...store.people.filter((p) => p.email !== email), person];
        return { person };
      }),
    ),
    mockEndpoint(
      listIdentityAuditEndpoint,
      guarded(['admin'], options.identityAuditFails, ({ query }) => auditPage(store.identityAudit, query)),
    ),
    mockEndpoint(
      listContentAuditEndpoint,
      guarded(['editor', 'admin'], options.contentAuditFails, ({ query }) => auditPage(store.contentAudit, query)),
    ),
    mockEndpoint(
      listLoyaltyAuditEndpoint,
      guarded(['admin'], undefined, ({ query }) => auditPage(store.loyaltyAudit, query)),
    ),
    mockEndpoint(
      listCinemaAuditEndpoint,
      guarded(['admin'], undefined, ({ query }) => auditPage(store.cinemaAudit, query)),
    ),
    mockEndpoint(
      listNudgeAuditEndpoint,
      guarded(['admin'], undefined, ({ query }) => auditPage(store.nudgeAudit, query)),
    ),
  ];
}

/**
 * Staff sign-in against the people store: the emailed code (verifyOtp) signs anyone in with the
 * roles and authenticator app the store gives their email (none for a stranger, whose pending
 * grant, if any, becomes theirs); the authenticator step (challenge, verify with the code) raises
 * the session to aal2 with the same roles; refresh answers the current roles (a grant shows at the
 * next refresh). Put in front of identityHandlers / accountHandlers.
 */
export function staffSignInHandlers(options: StaffMockOptions = {}) {
  const store = options.store ?? createStaffMockStore(options);
  const code = options.code ?? MOCK_SIGN_IN_CODE;
  const challenges = new Set<string>();
  const sessionFor = (email: string, aal: 'aal1' | 'aal2') => {
    const person = options.everyoneIs ?? store.people.find((p) => p.email === email);
    return buildStaffSession({
      email,
      roles: person?.roles ?? [],
      mfa: person?.mfa ?? false,
      aal,
      userId: store.people.find((p) => p.email === email)?.user_id ?? undefined,
    });
  };
  return [
    mockEndpoint(identity.verifyOtp, ({ body }) => {
      if (body.token !== code) return mockError({ status: 400, code: 'invalid_code', message: 'Invalid or expired code. Please try again.' });
      const person = store.people.find((p) => p.email === body.email);
      if (person && person.user_id === null) person.user_id = `user-${body.email.split('@')[0]?.replace(/[^a-z0-9]/gi, '')}`;
      store.signedIn = { email: body.email, aal: 'aal1' };
      return sessionFor(body.email, 'aal1');
    }),
    mockEndpoint(identity.refreshSession, () =>
      store.signedIn
        ? sessionFor(store.signedIn.email, store.signedIn.aal)
        : mockError({ status: 400, code: 'refresh_token_missing', message: 'You are not signed in.' }),
    ),
    mockEndpoint(identity.challengeFactor, ({ params, request }) => {
      const claims = bearerClaims(request);
      if (!claims) return mockError(NOT_SIGNED_IN);
      if (params.id !== MOCK_STAFF_FACTOR_ID || !claims.mfa) return mockError({ status: 404, code: 'factor_not_found', message: 'Factor not found.' });
      const id = crypto.randomUUID();
      challenges.add(id);
      return { id, type: 'totp' as const, expires_at: Math.floor(Date.now() / 1000) + 300 };
    }),
    mockEndpoint(identity.verifyFactor, ({ params, body, request }) => {
      const claims = bearerClaims(request);
      if (!claims) return mockError(NOT_SIGNED_IN);
      if (params.id !== MOCK_STAFF_FACTOR_ID) return mockError({ status: 404, code: 'factor_not_found', message: 'Factor not found.' });
      if (!challenges.has(body.challenge_id)) return mockError({ status: 404, code: 'challenge_not_found', message: 'Challenge not found.' });
      challenges.delete(body.challenge_id);
      if (body.code !== code) return mockError({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
      store.signedIn = { email: claims.email, aal: 'aal2' };
      return sessionFor(claims.email, 'aal2');
    }),
    mockEndpoint(identity.logout, ({ query }) => {
      if (query.scope === 'others') return NEXT_HANDLER;
      store.signedIn = null;
      return undefined;
    }),
  ];
}

/** Both sets on one store: the staff area's whole mock world. */
export function staffHandlers(options: StaffMockOptions = {}) {
  const store = options.store ?? createStaffMockStore(options);
  return [...staffSignInHandlers({ ...options, store }), ...peopleHandlers({ ...options, store })];
}
