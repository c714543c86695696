import type { Request, RequestHandler, Response } from 'express';
import { createRemoteJWKSet, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { HttpError } from './errors';
import type { AccessTokenClaims, Aal, IdentityRole } from '@croft/contracts';
import { verifyAccessTokenWith } from './verify-access-token';

export type TokenVerifier = (token: string) => Promise<AccessTokenClaims>;

export interface RequireAuthOptions {
  /** The caller needs at least one of these roles (403 forbidden otherwise). */
  roles?: readonly IdentityRole[];
  /** 'aal2': the session must have passed MFA, whatever the roles. */
  aal?: Aal;
}

/** The issuer identity writes into its tokens: `${PUBLIC_ORIGIN}/api/identity`. */
export function identityIssuer(publicOrigin: string): string {
  return `${new URL(publicOrigin).origin}/api/identity`;
}

/** A verifier for other processes: fetches (and caches) identity's JWKS over HTTP. */
export function remoteJwksVerifier(options: { jwksUrl: string; issuer: string }): TokenVerifier {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl));
  return (token) => verifyAccessTokenWith(keySet, token, { issuer: options.issuer });
}

/** A verifier over a JWKS held in memory (e.g. fetched once at start-up). */
export function localJwksVerifier(options: { jwks: JSONWebKeySet; issuer: string }): TokenVerifier {
  const keySet = createLocalJWKSet(options.jwks);
  return (token) => verifyAccessTokenWith(keySet, token, { issuer: options.issuer });
}

/** The bearer token of a request, or undefined without an Authorization header. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim());
  if (!match) throw new HttpError(401, 'invalid_token', 'The Authorization header must be "Bearer <access token>".');
  return match[1];
}

const PRIVILEGED: readonly IdentityRole[] = ['staff', 'admin'];

/** Claims checked by requireAuth, for the handlers after it. */
export function authClaims(res: Response): AccessTokenClaims {
  const claims = res.locals.auth as AccessTokenClaims | undefined;
  if (!claims) throw new Error('authClaims(res) used without requireAuth');
  return claims;
}

/**
 * Express middleware for any service: verifies the bearer access token (ES256, identity's JWKS),
 * then roles and assurance level, from the claims alone (no database). Endpoints for staff or
 * admin need aal2 once the user has a verified factor (claim `mfa`). Claims land in
 * `res.locals.auth` (read them with `authClaims(res)`).
 */
export function requireAuthWith(verify: TokenVerifier, options: RequireAuthOptions = {}): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'not_authenticated', 'Please sign in first.');
    let claims: AccessTokenClaims;
    try {
      claims = await verify(token);
    } catch {
      throw new HttpError(401, 'invalid_token', 'Invalid or expired access token. Please sign in again.');
    }
    if (options.roles && !claims.roles.some((role) => options.roles!.includes(role))) {
      throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
    }
    const privileged = options.roles?.some((role) => PRIVILEGED.includes(role)) === true;
    if (claims.aal !== 'aal2' && (options.aal === 'aal2' || (privileged && claims.mfa))) {
      throw new HttpError(403, 'aal2_required', 'Verify with your authenticator app first (AAL2 required).');
    }
    res.locals.auth = claims;
    next();
  };
}
