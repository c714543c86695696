import { delay } from 'msw';
import { identityEndpoints as identity, type Aal, type EndpointDefinition, type Factor, type Passkey } from '@croft/contracts';
import { NEXT_HANDLER, mockEndpoint, mockError, type MockContext, type MockResolver } from '../endpoint';
import { buildSession } from './session-factory';
import { MOCK_SIGN_IN_CODE } from './handlers';

/** The base32 secret the mock enrolment hands out (what a tester types into an authenticator app). */
export const MOCK_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A passkey as GET /api/identity/passkeys lists it (parses with passkeySchema). */
export function buildPasskey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    id: 'cGFzc2tleS0x',
    name: 'iCloud Keychain',
    created_at: '2026-03-14T09:30:00.000Z',
    last_used_at: '2026-11-02T18:05:00.000Z',
    backed_up: true,
    transports: ['internal', 'hybrid'],
    ...overrides,
  };
}

/** Two passkeys: one used recently, one never used. */
export function buildPasskeyList(): Passkey[] {
  return [
    buildPasskey(),
    buildPasskey({
      id: 'cGFzc2tleS0y',
      name: 'Google Password Manager',
      created_at: '2026-09-01T12:00:00.000Z',
      last_used_at: null,
      backed_up: true,
      transports: ['internal'],
    }),
  ];
}

/** A TOTP factor on a user (parses with factorSchema). */
export function buildFactor(overrides: Partial<Factor> = {}): Factor {
  return {
    id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-05-20T08:00:00.000Z',
    updated_at: '2026-05-20T08:00:00.000Z',
    ...overrides,
  };
}

export interface AccountMockOptions {
  /** The passkeys the user owns (default: two, see buildPasskeyList). */
  passkeys?: Passkey[];
  /** The user's MFA factors (default none). */
  factors?: Factor[];
  /** The TOTP code that verifies (default 123456). */
  code?: string;
  /** Every account call answers this failure. */
  fails?: { status: number; code: string; message: string };
  /** Every account call waits this long first ('infinite' never answers: a loading state). */
  delayMs?: number | 'infinite';
}

interface MockClaims {
  email: string;
  aal: Aal;
}

function readClaims(request: Request): MockClaims | null {
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer (.+)$/.exec(header)?.[1];
  if (!token) return null;
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown; aal?: unknown };
    return { email: typeof claims.email === 'string' ? claims.email : 'ada@example.com', aal: claims.aal === 'aal2' ? 'aal2' : 'aal1' };
  } catch {
    return null;
  }
}

/**
 * The identity service's signed-in account routes (passkeys list/remove, GET /user, TOTP
 * enrol → challenge → verify, factor removal, sign out of other sessions) as MSW answers them.
 * State lives per call of accountHandlers(). Bearer required; removing a verified factor or
 * enrolling a second one needs an aal2 token, as on the server.
 */
export function accountHandlers(options: AccountMockOptions = {}) {
  const code = options.code ?? MOCK_SIGN_IN_CODE;
  let passkeys = [...(options.passkeys ?? buildPasskeyList())];
  let factors = [...(options.factors ?? [])];
  const challenges = new Map<string, { factorId: string; used: boolean }>();

  /** Every account call: the delay, then the configured failure, then the bearer token. */
  const guarded =
    <E extends EndpointDefinition>(resolve: (ctx: MockContext<E>, claims: MockClaims) => ReturnType<MockResolver<E>>): MockResolver<E> =>
    async (ctx) => {
      if (options.delayMs !== undefined) await delay(options.delayMs);
      if (options.fails) return mockError(options.fails);
      const claims = readClaims(ctx.request);
      if (!claims) return mockError({ status: 401, code: 'not_authenticated', message: 'You are not signed in.' });
      return resolve(ctx, claims);
    };
  const aal2Required = () =>
    mockError({ status: 403, code: 'aal2_required', message: 'Verify with your authenticator app first (AAL2 required).' });
  const factorNotFound = () => mockError({ status: 404, code: 'factor_not_found', message: 'Factor not found.' });

  return [
    mockEndpoint(identity.listPasskeys, guarded(() => ({ passkeys }))),
    mockEndpoint(
      identity.deletePasskey,
      guarded(({ params: { id } }) => {
        if (!passkeys.some((p) => p.id === id)) return mockError({ status: 404, code: 'passkey_not_found', message: 'Passkey not found.' });
        passkeys = passkeys.filter((p) => p.id !== id);
        return { id };
      }),
    ),
    mockEndpoint(
      identity.getUser,
      guarded((_ctx, claims) => ({ id: 'user-1', email: claims.email, roles: [], factors, member: true, aal: claims.aal })),
    ),
    mockEndpoint(
      identity.enrollFactor,
      guarded(({ body }, claims) => {
        const name = body.friendly_name;
        if (body.factor_type !== 'totp') return mockError({ status: 422, code: 'unsupported_factor', message: 'Phone factors are not supported.' });
        if (factors.some((f) => f.status === 'verified') && claims.aal !== 'aal2') return aal2Required();
        if (factors.some((f) => f.status === 'verified' && f.friendly_name === name)) {
          return mockError({ status: 409, code: 'factor_name_taken', message: 'A verified factor with this name already exists.' });
        }
        factors = factors.filter((f) => f.friendly_name !== name);
        const now = new Date().toISOString();
        const factor = buildFactor({ id: crypto.randomUUID(), friendly_name: name, status: 'unverified', created_at: now, updated_at: now });
        factors.push(factor);
        const issuer = body.issuer ?? 'Croft Common';
        const uri = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(claims.email)}?secret=${MOCK_TOTP_SECRET}&issuer=${encodeURIComponent(issuer)}`;
        return { id: factor.id, type: 'totp' as const, friendly_name: name, totp: { qr_code: uri, secret: MOCK_TOTP_SECRET, uri } };
      }),
    ),
    mockEndpoint(
      identity.challengeFactor,
      guarded(({ params }) => {
        const factor = factors.find((f) => f.id === params.id);
        if (!factor) return factorNotFound();
        const id = crypto.randomUUID();
        challenges.set(id, { factorId: factor.id, used: false });
        return { id, type: 'totp' as const, expires_at: Math.floor(Date.now() / 1000) + 300 };
      }),
    ),
    mockEndpoint(
      identity.verifyFactor,
      guarded(({ params, body }, claims) => {
        const factor = factors.find((f) => f.id === params.id);
        if (!factor) return factorNotFound();
        const challenge = challenges.get(body.challenge_id);
        if (!challenge || challenge.factorId !== factor.id) return mockError({ status: 404, code: 'challenge_not_found', message: 'Challenge not found.' });
        if (challenge.used) return mockError({ status: 422, code: 'challenge_used', message: 'This challenge was already used. Please start again.' });
        if (body.code !== code) return mockError({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
        challenge.used = true;
        const updated = { ...factor, status: 'verified' as const, updated_at: new Date().toISOString() };
        factors = factors.map((f) => (f.id === factor.id ? updated : f));
        const session = buildSession({ email: claims.email, aal: 'aal2' });
        return { ...session, user: { ...session.user, factors } };
      }),
    ),
    mockEndpoint(
      identity.deleteFactor,
      guarded(({ params }, claims) => {
        const factor = factors.find((f) => f.id === params.id);
        if (!factor) return factorNotFound();
        if (factor.status === 'verified' && claims.aal !== 'aal2') return aal2Required();
        factors = factors.filter((f) => f.id !== factor.id);
        return { id: factor.id };
      }),
    ),
    // Only scope=others is answered here; other sign-outs fall through to identityHandlers.
    mockEndpoint(identity.logout, (ctx) => (ctx.query.scope === 'others' ? guarded<typeof identity.logout>(() => undefined)(ctx) : NEXT_HANDLER)),
  ];
}
