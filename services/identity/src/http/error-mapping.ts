import type { ErrorRequestHandler } from 'express';
import { HttpError } from '@croft/service-kit';
import { IdentityError, type IdentityErrorKind } from '../domain/errors';

export interface HttpMapping {
  status: number;
  /** The envelope's `error.code`. */
  code: string;
}

/** Every domain error kind → its HTTP status and envelope code (the spec's error catalogue). */
export const IDENTITY_ERROR_HTTP: { readonly [K in IdentityErrorKind]: HttpMapping } = {
  rate_limited: { status: 429, code: 'rate_limited' },
  too_many_failures: { status: 429, code: 'too_many_failures' },
  too_many_attempts: { status: 429, code: 'too_many_attempts' },
  invalid_email: { status: 400, code: 'invalid_email' },
  invalid_code: { status: 400, code: 'invalid_code' },
  code_expired: { status: 400, code: 'code_expired' },
  email_send_failed: { status: 502, code: 'email_send_failed' },
  secret_kitchen_access_denied: { status: 403, code: 'secret_kitchen_access_denied' },
  user_not_found: { status: 404, code: 'user_not_found' },
  account_gone: { status: 401, code: 'user_not_found' },
  not_authenticated: { status: 401, code: 'not_authenticated' },
  invalid_token: { status: 401, code: 'invalid_token' },
  session_not_found: { status: 401, code: 'session_not_found' },
  session_expired: { status: 401, code: 'session_expired' },
  refresh_token_missing: { status: 400, code: 'refresh_token_missing' },
  invalid_refresh_token: { status: 401, code: 'invalid_refresh_token' },
  refresh_token_reused: { status: 401, code: 'refresh_token_reused' },
  unsupported_factor: { status: 422, code: 'unsupported_factor' },
  aal2_required: { status: 403, code: 'aal2_required' },
  factor_not_found: { status: 404, code: 'factor_not_found' },
  factor_name_taken: { status: 409, code: 'factor_name_taken' },
  too_many_factors: { status: 422, code: 'too_many_factors' },
  challenge_not_found: { status: 404, code: 'challenge_not_found' },
  challenge_used: { status: 422, code: 'challenge_used' },
  challenge_expired: { status: 422, code: 'challenge_expired' },
  mfa_verification_failed: { status: 422, code: 'mfa_verification_failed' },
  not_subscribed: { status: 403, code: 'not_subscribed' },
  membership_check_failed: { status: 503, code: 'membership_check_failed' },
  rp_id_mismatch: { status: 400, code: 'rp_id_mismatch' },
  invalid_proof: { status: 403, code: 'invalid_proof' },
  not_owner: { status: 403, code: 'not_owner' },
  passkey_not_found: { status: 404, code: 'passkey_not_found' },
  forbidden: { status: 403, code: 'forbidden' },
  protected_admin: { status: 409, code: 'protected_admin' },
  last_admin: { status: 409, code: 'last_admin' },
};

/** The HttpError (status, envelope code, same message) for a domain error. */
export function toHttpError(error: IdentityError): HttpError {
  const { status, code } = IDENTITY_ERROR_HTTP[error.kind];
  return new HttpError(status, code, error.message);
}

/** A domain error as its HttpError; anything else unchanged. */
export function asHttpError(error: unknown): unknown {
  return error instanceof IdentityError ? toHttpError(error) : error;
}

/**
 * Last middleware on identity's router: domain errors become HttpErrors, which the app's
 * errorHandler (service kit) answers with the envelope. Other errors pass through untouched.
 */
export function identityErrorMapper(): ErrorRequestHandler {
  return (err, _req, _res, next) => {
    next(asHttpError(err));
  };
}
