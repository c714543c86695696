import { Router, type Request, type RequestHandler, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { identityEndpoints as identity, type Jwks, type Session } from '@croft/contracts';
import { HttpError, mountEndpoint, type AuditLog, type Clock, type Logger } from '@croft/service-kit';
import type { Auth, AuthContext, IssuedSession } from '../domain/auth';
import type { KeyRing } from '../domain/key-ring';
import type { Membership } from '../domain/membership';
import type { Passkeys } from '../domain/passkeys';
import { asHttpError, identityErrorMapper } from './error-mapping';
import { mountPasskeyRoutes } from './passkey-routes';
import { mountPeopleRoutes } from './people-routes';
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
  /** Identity's audit log: GET /audit lists it. */
  audit: Pick<AuditLog, 'list'>;
}

const NO_STORE = 'no-store';

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

  const rpcLimit: RequestHandler = async (req, _res, next) => {
    if (!(await auth.rpcAllowed(clientIp(req)))) {
      throw new HttpError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.');
    }
    next();
  };

  // ── Email sign-in and sessions ──────────────────────────────────────────────────────────
  mountEndpoint(router, identity.sendOtp, async ({ body, req }) => {
    await auth.sendCode({
      email: body.email,
      createUser: body.create_user,
      sessionDuration: body.data?.session_duration,
      ip: clientIp(req),
    });
    return { sent: true as const };
  });

  mountEndpoint(router, identity.verifyOtp, async ({ body, req, res }) => {
    const issued = await auth.verifyCode({ email: body.email, token: body.token, ip: clientIp(req) });
    setRefreshCookie(res, issued);
    res.set('Cache-Control', NO_STORE);
    return issued.session;
  });

  // The refresh token comes from the cookie, or the body; a 401 clears the cookie.
  mountEndpoint(router, identity.refreshSession, async ({ body, req, res }) => {
    try {
      const issued = await auth.refresh(body?.refresh_token ?? refreshCookie(req));
      setRefreshCookie(res, issued);
      res.set('Cache-Control', NO_STORE);
      return issued.session;
    } catch (error) {
      const mapped = asHttpError(error);
      if (mapped instanceof HttpError && mapped.status === 401) clearRefreshCookie(res);
      throw mapped;
    }
  });

  // From the bearer token, else from the refresh cookie (no rotation); null when signed out.
  mountEndpoint(router, identity.getSession, async ({ req, res }) => {
    res.set('Cache-Control', NO_STORE);
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
    return { session };
  });

  // The user with live membership (never stored) and the token's assurance level.
  mountEndpoint(router, identity.getUser, async ({ req, res }) => {
    const context = await requireBearer(req);
    const user = await auth.currentUser(context);
    let member = false;
    try {
      member = await deps.isActiveSubscriber(user.email);
    } catch (error) {
      logger.warn({ err: error }, 'membership lookup failed; answering member: false');
    }
    res.set('Cache-Control', NO_STORE);
    return { ...(await auth.userView(user)), member, aal: context.claims.aal };
  });

  // scope=local|global|others (bearer or cookie) → 204, cookie cleared
  mountEndpoint(router, identity.logout, async ({ query, req, res }) => {
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
    res.end();
    return undefined;
  });

  // The public signing keys (current and previous).
  mountEndpoint(router, identity.getJwks, async ({ res }) => {
    res.set('Cache-Control', 'public, max-age=300');
    return keys.jwks() as Promise<Jwks>;
  });

  // ── MFA factors (bearer) ────────────────────────────────────────────────────────────────
  mountEndpoint(router, identity.enrollFactor, async ({ body, req, res }) => {
    const context = await requireBearer(req);
    const enrolled = await auth.enrollFactor(context, body);
    res.set('Cache-Control', NO_STORE);
    return enrolled;
  });

  mountEndpoint(router, identity.challengeFactor, async ({ params, req }) => {
    const context = await requireBearer(req);
    return auth.challengeFactor(context, params.id);
  });

  mountEndpoint(router, identity.verifyFactor, async ({ params, body, req, res }) => {
    const context = await requireBearer(req);
    const session = await auth.verifyFactor(context, params.id, body);
    res.set('Cache-Control', NO_STORE);
    return session;
  });

  mountEndpoint(router, identity.deleteFactor, async ({ params, req }) => {
    const context = await requireBearer(req);
    return auth.deleteFactor(context, params.id);
  });

  // ── RPCs, limited per IP (counted once the input is valid) ──────────────────────────────
  mountEndpoint(router, identity.isEmailDomainAllowed, ({ body }) => auth.isEmailDomainAllowed(body.email), { after: [rpcLimit] });

  mountEndpoint(router, identity.checkSecretKitchenAccess, ({ body }) => auth.secretKitchenAccess(body.user_email), {
    after: [rpcLimit],
  });

  mountPasskeyRoutes(router, {
    passkeys: deps.passkeys,
    membership: deps.membership,
    clientIp,
    requireBearer,
    setRefreshCookie,
  });

  mountPeopleRoutes(router, { auth, verifyAccessToken: (token) => keys.verify(token), audit: deps.audit });

  // Domain errors (IdentityError) become the envelope's status and code here, at the edge.
  router.use(identityErrorMapper());

  return router;
}
