import { delay, http, HttpResponse } from 'msw';
import type { ErrorEnvelope, Factor, Passkey } from '@croft/contracts';
import { buildSession } from './session-factory';
import { MOCK_SIGN_IN_CODE } from './handlers';

const fail = (status: number, code: string, message: string) =>
  HttpResponse.json<ErrorEnvelope>({ error: { code, message } }, { status });

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

function readClaims(request: Request): { email: string; aal: string } | null {
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

  type Ctx = { request: Request; params: Record<string, string | readonly string[] | undefined> };
  const guarded =
    (resolve: (ctx: Ctx, claims: { email: string; aal: string }) => Response | Promise<Response>) =>
    async (ctx: Ctx) => {
      if (options.delayMs !== undefined) await delay(options.delayMs);
      if (options.fails) return fail(options.fails.status, options.fails.code, options.fails.message);
      const claims = readClaims(ctx.request);
      if (!claims) return fail(401, 'not_authenticated', 'You are not signed in.');
      return resolve(ctx, claims);
    };
  const param = (ctx: Ctx) => String(ctx.params.id ?? '');
  const aal2Required = () => fail(403, 'aal2_required', 'Verify with your authenticator app first (AAL2 required).');
  const factorNotFound = () => fail(404, 'factor_not_found', 'Factor not found.');

  return [
    http.get('*/api/identity/passkeys', guarded(() => HttpResponse.json({ passkeys }))),
    http.delete(
      '*/api/identity/passkeys/:id',
      guarded((ctx) => {
        const id = param(ctx);
        if (!passkeys.some((p) => p.id === id)) return fail(404, 'passkey_not_found', 'Passkey not found.');
        passkeys = passkeys.filter((p) => p.id !== id);
        return HttpResponse.json({ id });
      }),
    ),
    http.get(
      '*/api/identity/user',
      guarded((_ctx, claims) =>
        HttpResponse.json({ id: 'user-1', email: claims.email, roles: [], factors, member: true, aal: claims.aal }),
      ),
    ),
    http.post(
      '*/api/identity/factors',
      guarded(async (ctx, claims) => {
        const body = (await ctx.request.json().catch(() => null)) as { friendly_name?: string; factor_type?: string; issuer?: string } | null;
        const name = body?.friendly_name?.trim();
        if (!name || !body?.factor_type) return fail(400, 'invalid_request', 'friendly_name and factor_type are required');
        if (body.factor_type !== 'totp') return fail(422, 'unsupported_factor', 'Phone factors are not supported.');
        if (factors.some((f) => f.status === 'verified') && claims.aal !== 'aal2') return aal2Required();
        if (factors.some((f) => f.status === 'verified' && f.friendly_name === name)) {
          return fail(409, 'factor_name_taken', 'A verified factor with this name already exists.');
        }
        factors = factors.filter((f) => f.friendly_name !== name);
        const now = new Date().toISOString();
        const factor = buildFactor({ id: crypto.randomUUID(), friendly_name: name, status: 'unverified', created_at: now, updated_at: now });
        factors.push(factor);
        const issuer = body.issuer ?? 'Croft Common';
        const uri = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(claims.email)}?secret=${MOCK_TOTP_SECRET}&issuer=${encodeURIComponent(issuer)}`;
        return HttpResponse.json({ id: factor.id, type: 'totp', friendly_name: name, totp: { qr_code: uri, secret: MOCK_TOTP_SECRET, uri } });
      }),
    ),
    http.post(
      '*/api/identity/factors/:id/challenge',
      guarded((ctx) => {
        const factor = factors.find((f) => f.id === param(ctx));
        if (!factor) return factorNotFound();
        const id = crypto.randomUUID();
        challenges.set(id, { factorId: factor.id, used: false });
        return HttpResponse.json({ id, type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
      }),
    ),
    http.post(
      '*/api/identity/factors/:id/verify',
      guarded(async (ctx, claims) => {
        const factor = factors.find((f) => f.id === param(ctx));
        if (!factor) return factorNotFound();
        const body = (await ctx.request.json().catch(() => null)) as { code?: string; challenge_id?: string } | null;
        const challenge = body?.challenge_id ? challenges.get(body.challenge_id) : undefined;
        if (!challenge || challenge.factorId !== factor.id) return fail(404, 'challenge_not_found', 'Challenge not found.');
        if (challenge.used) return fail(422, 'challenge_used', 'This challenge was already used. Please start again.');
        if (body?.code !== code) return fail(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
        challenge.used = true;
        const updated = { ...factor, status: 'verified' as const, updated_at: new Date().toISOString() };
        factors = factors.map((f) => (f.id === factor.id ? updated : f));
        const session = buildSession({ email: claims.email, aal: 'aal2' });
        return HttpResponse.json({ ...session, user: { ...session.user, factors } });
      }),
    ),
    http.delete(
      '*/api/identity/factors/:id',
      guarded((ctx, claims) => {
        const factor = factors.find((f) => f.id === param(ctx));
        if (!factor) return factorNotFound();
        if (factor.status === 'verified' && claims.aal !== 'aal2') return aal2Required();
        factors = factors.filter((f) => f.id !== factor.id);
        return HttpResponse.json({ id: factor.id });
      }),
    ),
    // Only scope=others is answered here; other sign-outs fall through to identityHandlers.
    http.post('*/api/identity/logout', async (ctx) => {
      if (new URL(ctx.request.url).searchParams.get('scope') !== 'others') return undefined;
      return guarded(() => new HttpResponse(null, { status: 204 }))(ctx);
    }),
  ];
}
