/**
 * Identity's domain errors. Domain code says what went wrong (a `kind` and the spec's
 * user-visible message); it never picks an HTTP status or imports Express. `http/error-mapping.ts`
 * turns each kind into a status and an envelope code at the edge.
 */
export const IDENTITY_ERROR_KINDS = [
  // Rate limits and failure caps
  'rate_limited',
  'too_many_failures',
  'too_many_attempts',
  // Email codes (sign-in and membership link)
  'invalid_email',
  'invalid_code',
  'code_expired',
  'email_send_failed',
  'secret_kitchen_access_denied',
  /** No account for this email (sign-in without create_user). */
  'user_not_found',
  /** A signed-in caller whose account no longer exists. */
  'account_gone',
  // Sessions and tokens
  'not_authenticated',
  'invalid_token',
  'session_not_found',
  'session_expired',
  'refresh_token_missing',
  'invalid_refresh_token',
  'refresh_token_reused',
  // Factors (TOTP)
  'unsupported_factor',
  'aal2_required',
  'factor_not_found',
  'factor_name_taken',
  'too_many_factors',
  'challenge_not_found',
  'challenge_used',
  'challenge_expired',
  'mfa_verification_failed',
  // Membership
  'not_subscribed',
  'membership_check_failed',
  // Passkeys
  'rp_id_mismatch',
  'invalid_proof',
  'not_owner',
  'passkey_not_found',
  // Staff roles
  /** A signed-in caller without the role an action needs (checked against the account, not only the token). */
  'forbidden',
  /** Taking admin from ADMIN_EMAIL. */
  'protected_admin',
  /** Taking admin from the only admin left. */
  'last_admin',
] as const;

export type IdentityErrorKind = (typeof IDENTITY_ERROR_KINDS)[number];

/** A refusal by identity's rules: what went wrong (`kind`) and the message the user sees. */
export class IdentityError extends Error {
  readonly kind: IdentityErrorKind;

  constructor(kind: IdentityErrorKind, message: string) {
    super(message);
    this.name = 'IdentityError';
    this.kind = kind;
  }
}

export function isIdentityError(error: unknown): error is IdentityError {
  return error instanceof IdentityError;
}
