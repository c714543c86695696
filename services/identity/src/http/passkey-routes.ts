import type { Request, Response, Router } from 'express';
import { identityEndpoints as identity } from '@croft/contracts';
import { mountEndpoint } from '@croft/service-kit';
import type { AuthContext, IssuedSession } from '../domain/auth';
import type { Membership } from '../domain/membership';
import type { Passkeys } from '../domain/passkeys';
import { bearerToken } from './require-auth';

export interface PasskeyRouteDeps {
  passkeys: Passkeys;
  membership: Membership;
  clientIp(req: Request): string;
  requireBearer(req: Request): Promise<AuthContext>;
  setRefreshCookie(res: Response, issued: IssuedSession): void;
}

const NO_STORE = 'no-store';

/** Passkeys (spec 001 §7 webauthn-*), membership links and the profile's passkey list, on the identity router. */
export function mountPasskeyRoutes(router: Router, deps: PasskeyRouteDeps): void {
  const { passkeys, membership, clientIp } = deps;

  // ── Passkey ceremonies: rpId and origin are compared with the server's own ───────────────
  mountEndpoint(router, identity.registerOptions, async ({ body, req, res }) => {
    const answer = await passkeys.registerOptions({ ...body, ip: clientIp(req) });
    res.set('Cache-Control', NO_STORE);
    return answer;
  });

  mountEndpoint(router, identity.registerVerify, async ({ body, req, res }) => {
    const answer = await passkeys.registerVerify({ ...body, ip: clientIp(req) });
    res.set('Cache-Control', NO_STORE);
    return answer;
  });

  mountEndpoint(router, identity.authOptions, async ({ body, req, res }) => {
    const answer = await passkeys.authOptions({ ...body, ip: clientIp(req) });
    res.set('Cache-Control', NO_STORE);
    return answer;
  });

  mountEndpoint(router, identity.authVerify, async ({ body, req, res }) => {
    const answer = await passkeys.authVerify({ ...body, ip: clientIp(req) });
    res.set('Cache-Control', NO_STORE);
    return answer;
  });

  // {success: true, session} with the refresh cookie set, or {success: false, error}
  mountEndpoint(router, identity.createPasskeySession, async ({ body, res }) => {
    const { answer, issued } = await passkeys.createSession(body);
    if (issued) deps.setRefreshCookie(res, issued);
    res.set('Cache-Control', NO_STORE);
    return answer;
  });

  // A proof from auth-verify, or the signed-in owner (bearer).
  mountEndpoint(router, identity.clearPasskeys, async ({ body, req }) => {
    const context = body.proof === undefined && bearerToken(req) ? await deps.requireBearer(req) : undefined;
    return passkeys.clear({ ...body, context });
  });

  // ── Membership links ────────────────────────────────────────────────────────────────────
  mountEndpoint(router, identity.startMembershipLink, async ({ body, req }) => {
    await membership.startLink({ ...body, ip: clientIp(req) });
    return { sent: true as const };
  });

  mountEndpoint(router, identity.verifyMembershipLink, async ({ body, req }) => {
    await membership.verifyLink({ ...body, ip: clientIp(req) });
    return { linked: true as const };
  });

  mountEndpoint(router, identity.checkMembership, async ({ body, res }) => {
    const { linked, isLinked, linkedAndActive, active } = await membership.status(body.userHandle);
    res.set('Cache-Control', NO_STORE);
    return { linked, isLinked, linkedAndActive, active };
  });

  // ── The profile's passkeys (bearer, own only) ───────────────────────────────────────────
  mountEndpoint(router, identity.listPasskeys, async ({ req, res }) => {
    const list = await passkeys.list(await deps.requireBearer(req));
    res.set('Cache-Control', NO_STORE);
    return { passkeys: list };
  });

  mountEndpoint(router, identity.deletePasskey, async ({ params, req }) => {
    const context = await deps.requireBearer(req);
    return passkeys.remove(context, params.id);
  });
}
