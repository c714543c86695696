import type { RequestHandler, Response } from 'express';
import type { Actor } from '@croft/contracts';
import { HttpError, authClaims } from '@croft/service-kit';

// What every staff route of the content service (text editing, FAQ editing, secret words) shares.

/** Answers every staff route while no token verifier is configured (503 not_configured). */
export function notConfigured(): RequestHandler {
  return () => {
    throw new HttpError(503, 'not_configured', 'Staff sign-in is not configured for the content service.');
  };
}

/** Sets Cache-Control on a staff answer (they are per person: `private, no-store`). */
export function cacheControl(value: string): RequestHandler {
  return (_req, res, next) => {
    res.set('Cache-Control', value);
    next();
  };
}

/** The signed-in person behind a request that passed requireAuth: id, and email when the token has one. */
export function actorOf(res: Response): Actor {
  const claims = authClaims(res);
  return claims.email ? { id: claims.sub, email: claims.email } : { id: claims.sub };
}
