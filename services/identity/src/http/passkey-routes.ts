import type { Request, Response, Router } from 'express';
import * as z from 'zod/mini';
import {
  authOptionsBodySchema,
  authVerifyBodySchema,
  checkMembershipBodySchema,
  clearWebauthnBodySchema,
  createPasskeySessionBodySchema,
  passkeyParamsSchema,
  registerOptionsBodySchema,
  registerVerifyBodySchema,
  startLinkBodySchema,
  verifyLinkBodySchema,
  type CheckMembershipResponse,
  type PasskeyListResponse,
} from '@croft/contracts';
import { validate } from '@croft/service-kit';
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

const emptyQuery = z.strictObject({});

/** Passkeys (spec 001 §7 webauthn-*), membership links and the profile's passkey list, on the identity router. */
export function mountPasskeyRoutes(router: Router, deps: PasskeyRouteDeps): void {
  const { passkeys, membership, clientIp } = deps;

  // POST /webauthn/register-options {userHandle?, displayName, rpId, origin} → {options, userHandle}
  const registerOptions = validate({ body: registerOptionsBodySchema, query: emptyQuery });
  router.post('/webauthn/register-options', registerOptions, async (req, res) => {
    const { body } = registerOptions.get(res);
    res.set('Cache-Control', 'no-store').json(await passkeys.registerOptions({ ...body, ip: clientIp(req) }));
  });

  // POST /webauthn/register-verify {userHandle, attResp, rpId, origin} → {verified, userHandle, requiresLinking, error?, details?}
  const registerVerify = validate({ body: registerVerifyBodySchema, query: emptyQuery });
  router.post('/webauthn/register-verify', registerVerify, async (req, res) => {
    const { body } = registerVerify.get(res);
    res.set('Cache-Control', 'no-store').json(await passkeys.registerVerify({ ...body, ip: clientIp(req) }));
  });

  // POST /webauthn/auth-options {userHandle?, rpId, origin, discoverable?} → {options} | {error: 'no_credentials'}
  const authOptions = validate({ body: authOptionsBodySchema, query: emptyQuery });
  router.post('/webauthn/auth-options', authOptions, async (req, res) => {
    const { body } = authOptions.get(res);
    res.set('Cache-Control', 'no-store').json(await passkeys.authOptions({ ...body, ip: clientIp(req) }));
  });

  // POST /webauthn/auth-verify {userHandle?, authResp, rpId, origin} → {verified, userHandle, hasExistingLink, proof?}
  const authVerify = validate({ body: authVerifyBodySchema, query: emptyQuery });
  router.post('/webauthn/auth-verify', authVerify, async (req, res) => {
    const { body } = authVerify.get(res);
    res.set('Cache-Control', 'no-store').json(await passkeys.authVerify({ ...body, ip: clientIp(req) }));
  });

  // POST /webauthn/create-session {userHandle, email, proof} → {success: true, session} + cookie | {success: false, error}
  const createSession = validate({ body: createPasskeySessionBodySchema, query: emptyQuery });
  router.post('/webauthn/create-session', createSession, async (_req, res) => {
    const { answer, issued } = await passkeys.createSession(createSession.get(res).body);
    if (issued) deps.setRefreshCookie(res, issued);
    res.set('Cache-Control', 'no-store').json(answer);
  });

  // POST /webauthn/clear {userHandle, proof?} (proof or the signed-in owner) → {cleared: true}
  const clear = validate({ body: clearWebauthnBodySchema, query: emptyQuery });
  router.post('/webauthn/clear', clear, async (req, res) => {
    const { body } = clear.get(res);
    const context = body.proof === undefined && bearerToken(req) ? await deps.requireBearer(req) : undefined;
    res.json(await passkeys.clear({ ...body, context }));
  });

  // POST /membership/start-link {userHandle, email} → {sent: true}
  const startLink = validate({ body: startLinkBodySchema, query: emptyQuery });
  router.post('/membership/start-link', startLink, async (req, res) => {
    await membership.startLink({ ...startLink.get(res).body, ip: clientIp(req) });
    res.json({ sent: true });
  });

  // POST /membership/verify-link {userHandle, email, code} → {linked: true}
  const verifyLink = validate({ body: verifyLinkBodySchema, query: emptyQuery });
  router.post('/membership/verify-link', verifyLink, async (req, res) => {
    await membership.verifyLink({ ...verifyLink.get(res).body, ip: clientIp(req) });
    res.json({ linked: true });
  });

  // POST /membership/check {userHandle} → {linked, isLinked, linkedAndActive, active}
  const check = validate({ body: checkMembershipBodySchema, query: emptyQuery });
  router.post('/membership/check', check, async (_req, res) => {
    const { linked, isLinked, linkedAndActive, active } = await membership.status(check.get(res).body.userHandle);
    const payload: CheckMembershipResponse = { linked, isLinked, linkedAndActive, active };
    res.set('Cache-Control', 'no-store').json(payload);
  });

  // GET /passkeys (bearer) → {passkeys}
  const list = validate({ query: emptyQuery });
  router.get('/passkeys', list, async (req, res) => {
    const payload: PasskeyListResponse = { passkeys: await passkeys.list(await deps.requireBearer(req)) };
    res.set('Cache-Control', 'no-store').json(payload);
  });

  // DELETE /passkeys/:id (bearer, own only) → {id}
  const remove = validate({ params: passkeyParamsSchema, query: emptyQuery });
  router.delete('/passkeys/:id', remove, async (req, res) => {
    const context = await deps.requireBearer(req);
    res.json(await passkeys.remove(context, remove.get(res).params.id));
  });
}
