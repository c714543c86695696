import { Router, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import * as z from 'zod/mini';
import {
  challengeBodySchema,
  enrollFactorBodySchema,
  factorParamsSchema,
  isEmailDomainAllowedBodySchema,
  logoutQuerySchema,
  refreshBodySchema,
  refreshQuerySchema,
  secretKitchenAccessBodySchema,
  sendOtpBodySchema,
  verifyFactorBodySchema,
  verifyOtpBodySchema,
  type SendOtpResponse,
  type Session,
  type SessionResponse,
  type UserResponse,
} from '@croft/contracts';
import { HttpError, validate, type Clock, type Logger } from '@croft/service-kit';
import type { Auth, AuthContext, IssuedSession } from '../domain/auth';
import type { KeyRing } from '../domain/key-ring';
import type { Membership } from '../domain/membership';
import type { Passkeys } from '../domain/passkeys';
import { asHttpError, identityErrorMapper } from './error-mapping';
import { mountPasskeyRoutes } from './passkey-routes';
import { bearerToken } from './require-auth';

export interface CookieSettings {
  name: string;
  path: string;
  secure: boolean;
}

export interface IdentityRoutesDeps {
  auth: Auth;
  keys: KeyRing;
  cookie: CookieSettings;
  isActiveSubscriber: (email: string) => Promise<boolean>;
  logger: Logger;
  clock: Clock;
  passkeys: Passkeys;
  membership: Membership;
}

const emptyQuery = z.strictObject({});

export function identityRoutes(deps: IdentityRoutesDeps): Router {
  const { auth, keys, cookie, logger } = deps;
  const router = Router();
  router.use(cookieParser());

  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: cookie.secure, path: cookie.path };
  const setRefreshCookie = (res: Response, issued: IssuedSession) => {
    if (issued.refreshToken) res.cookie(cookie.name, issued.refreshToken, { ...cookieOptions, expires: issued.refreshExpiresAt });
  };
  const clearRefreshCookie = (res: Response) => res.clearCookie(cookie.name, cookieOptions);
  const refreshCookie = (req: Request): string | undefined => {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[cookie.name];
    return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
  };
  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

  async function requireBearer(req: Request): Promise<AuthContext> {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'not_authenticated', 'Please sign in first.');
    return auth.authenticate(token);
  }

  // POST /otp {email, create_user, data?: {session_duration?: 176400}} → {sent: true}
  const sendOtp = validate({ body: sendOtpBodySchema, query: emptyQuery });
  router.post('/otp', sendOtp, async (req, res) => {
    const { body } = sendOtp.get(res);
    await auth.sendCode({
      email: body.email,
      createUser: body.create_user,
      sessionDuration: body.data?.session_duration,
      ip: clientIp(req),
    });
    const payload: SendOtpResponse = { sent: true };
    res.json(payload);
  });

  // POST /verify {email, token, type: 'email'} → Session, refresh cookie set
  const verifyOtp = validate({ body: verifyOtpBodySchema, query: emptyQuery });
  router.post('/verify', verifyOtp, async (req, res) => {
    const { body } = verifyOtp.get(res);
    const issued = await auth.verifyCode({ email: body.email, token: body.token, ip: clientIp(req) });
    setRefreshCookie(res, issued);
    res.set('Cache-Control', 'no-store').json(issued.session);
  });

  // POST /token?grant_type=refresh_token (cookie, or body {refresh_token}) → Session, cookie rotated
  const refresh = validate({ query: refreshQuerySchema, body: refreshBodySchema });
  router.post('/token', refresh, async (req, res) => {
    const { body } = refresh.get(res);
    try {
      const issued = await auth.refresh(body?.refresh_token ?? refreshCookie(req));
      setRefreshCookie(res, issued);
      res.set('Cache-Control', 'no-store').json(issued.session);
    } catch (error) {
      const mapped = asHttpError(error);
      if (mapped instanceof HttpError && mapped.status === 401) clearRefreshCookie(res);
      throw mapped;
    }
  });

  // GET /session → {session} from the bearer token, else from the refresh cookie (no rotation); null when signed out
  const getSession = validate({ query: emptyQuery });
  router.get('/session', getSession, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    let session: Session | null = null;
    const token = bearerToken(req);
    if (token) {
      const context = await auth.authenticate(token);
      const user = await auth.currentUser(context);
      const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
      session = {
        access_token: token,
        token_type: 'bearer',
        expires_in: Math.max(0, context.claims.exp - nowSeconds),
        expires_at: context.claims.exp,
        user: await auth.userView(user),
      };
    } else {
      const stored = refreshCookie(req);
      if (stored) {
        session = await auth.sessionFromRefreshToken(stored);
        if (!session) clearRefreshCookie(res);
      }
    }
    const payload: SessionResponse = { session };
    res.json(payload);
  });

  // GET /user (bearer) → user with live membership
  const getUser = validate({ query: emptyQuery });
  router.get('/user', getUser, async (req, res) => {
    const context = await requireBearer(req);
    const user = await auth.currentUser(context);
    let member = false;
    try {
      member = await deps.isActiveSubscriber(user.email);
    } catch (error) {
      logger.warn({ err: error }, 'membership lookup failed; answering member: false');
    }
    const payload: UserResponse = { ...(await auth.userView(user)), member, aal: context.claims.aal };
    res.set('Cache-Control', 'no-store').json(payload);
  });

  // POST /logout?scope=local|global|others (bearer or cookie) → 204, cookie cleared
  const logout = validate({ query: logoutQuerySchema });
  router.post('/logout', logout, async (req, res) => {
    const { query } = logout.get(res);
    const scope = query.scope ?? 'local';
    const token = bearerToken(req);
    const stored = refreshCookie(req);
    let target: { sessionId: string; userId: string } | null = null;
    if (token) {
      const context = await auth.authenticate(token).catch((error: unknown) => {
        if (!stored) throw error;
        return null;
      });
      if (context) target = { sessionId: context.session._id, userId: context.claims.sub };
    }
    if (!target && stored) target = await auth.sessionOfRefreshToken(stored);
    if (!target && !token && !stored) throw new HttpError(401, 'not_authenticated', 'Please sign in first.');
    if (target) await auth.logout(target, scope);
    clearRefreshCookie(res);
    res.status(204).end();
  });

  // GET /.well-known/jwks.json → the public signing keys (current and previous)
  const getJwks = validate({ query: emptyQuery });
  router.get('/.well-known/jwks.json', getJwks, async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await keys.jwks());
  });

  // POST /factors {friendly_name, factor_type, issuer?, phone?}
  const enroll = validate({ body: enrollFactorBodySchema, query: emptyQuery });
  router.post('/factors', enroll, async (req, res) => {
    const context = await requireBearer(req);
    res.set('Cache-Control', 'no-store').json(await auth.enrollFactor(context, enroll.get(res).body));
  });

  // POST /factors/:id/challenge {channel?}
  const challenge = validate({ params: factorParamsSchema, body: challengeBodySchema, query: emptyQuery });
  router.post('/factors/:id/challenge', challenge, async (req, res) => {
    const context = await requireBearer(req);
    res.json(await auth.challengeFactor(context, challenge.get(res).params.id));
  });

  // POST /factors/:id/verify {code, challenge_id} → Session at aal2
  const verifyFactor = validate({ params: factorParamsSchema, body: verifyFactorBodySchema, query: emptyQuery });
  router.post('/factors/:id/verify', verifyFactor, async (req, res) => {
    const context = await requireBearer(req);
    const { params, body } = verifyFactor.get(res);
    res.set('Cache-Control', 'no-store').json(await auth.verifyFactor(context, params.id, body));
  });

  // DELETE /factors/:id → {id}
  const deleteFactor = validate({ params: factorParamsSchema, query: emptyQuery });
  router.delete('/factors/:id', deleteFactor, async (req, res) => {
    const context = await requireBearer(req);
    res.json(await auth.deleteFactor(context, deleteFactor.get(res).params.id));
  });

  const rpcLimit = async (req: Request) => {
    if (!(await auth.rpcAllowed(clientIp(req)))) {
      throw new HttpError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.');
    }
  };

  // POST /rpc/is_email_domain_allowed {email} → boolean
  const domainAllowed = validate({ body: isEmailDomainAllowedBodySchema, query: emptyQuery });
  router.post('/rpc/is_email_domain_allowed', domainAllowed, async (req, res) => {
    await rpcLimit(req);
    res.json(await auth.isEmailDomainAllowed(domainAllowed.get(res).body.email));
  });

  // POST /rpc/check_secret_kitchen_access_status {user_email} → [{has_access}]
  const kitchenAccess = validate({ body: secretKitchenAccessBodySchema, query: emptyQuery });
  router.post('/rpc/check_secret_kitchen_access_status', kitchenAccess, async (req, res) => {
    await rpcLimit(req);
    res.json(await auth.secretKitchenAccess(kitchenAccess.get(res).body.user_email));
  });

  mountPasskeyRoutes(router, {
    passkeys: deps.passkeys,
    membership: deps.membership,
    clientIp,
    requireBearer,
    setRefreshCookie,
  });

  // Domain errors (IdentityError) become the envelope's status and code here, at the edge.
  router.use(identityErrorMapper());

  return router;
}
