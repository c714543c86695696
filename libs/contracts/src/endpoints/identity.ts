import * as z from 'zod/mini';
import { defineEndpoint, noQuery } from '../endpoint';
import { SESSION_ROUTES } from './session-routes';
import {
  authOptionsBodySchema,
  authOptionsResponseSchema,
  authVerifyBodySchema,
  authVerifyResponseSchema,
  challengeBodySchema,
  challengeResponseSchema,
  checkMembershipBodySchema,
  checkMembershipResponseSchema,
  clearWebauthnBodySchema,
  clearWebauthnResponseSchema,
  createPasskeySessionBodySchema,
  createPasskeySessionResponseSchema,
  deleteFactorResponseSchema,
  deletePasskeyResponseSchema,
  enrollFactorBodySchema,
  enrollFactorResponseSchema,
  factorParamsSchema,
  isEmailDomainAllowedBodySchema,
  isEmailDomainAllowedResponseSchema,
  jwksSchema,
  logoutQuerySchema,
  passkeyListResponseSchema,
  passkeyParamsSchema,
  refreshBodySchema,
  refreshQuerySchema,
  registerOptionsBodySchema,
  registerOptionsResponseSchema,
  registerVerifyBodySchema,
  registerVerifyResponseSchema,
  secretKitchenAccessBodySchema,
  secretKitchenAccessResponseSchema,
  sendOtpBodySchema,
  sendOtpResponseSchema,
  sessionResponseSchema,
  sessionSchema,
  startLinkBodySchema,
  startLinkResponseSchema,
  userResponseSchema,
  verifyFactorBodySchema,
  verifyLinkBodySchema,
  verifyLinkResponseSchema,
  verifyOtpBodySchema,
} from '../identity';

/** 204: no body. */
const noContent = z.undefined();

// Named errors, as services/identity/src/http/error-mapping.ts maps the domain's kinds.
/** A bearer-token endpoint: no token, a bad or expired one, or its session ended. */
const SIGNED_IN = { not_authenticated: 401, invalid_token: 401, session_not_found: 401 } as const;
/** …that also loads the account (gone since the token was issued: 401 user_not_found). */
const SIGNED_IN_USER = { ...SIGNED_IN, user_not_found: 401 } as const;
/** The passkey ceremonies: rpId/origin not this site's, and the per-IP limit. */
const CEREMONY = { rp_id_mismatch: 400, rate_limited: 429 } as const;

/** The identity service (/api/identity): email sign-in, sessions, MFA factors, passkeys and membership links. */
// ── Email sign-in and sessions (spec 001 §5–§7) ────────────────────────────────────────
/** Emails a sign-in code ({email, create_user, data?: {session_duration}}). */
export const sendOtpEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/otp',
  query: noQuery,
  body: sendOtpBodySchema,
  response: sendOtpResponseSchema,
  errors: { rate_limited: 429, secret_kitchen_access_denied: 403, user_not_found: 404, email_send_failed: 502 },
});

/** Exchanges the emailed code for a session; the refresh token is set as an httpOnly cookie. */
export const verifyOtpEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/verify',
  query: noQuery,
  body: verifyOtpBodySchema,
  response: sessionSchema,
  errors: {
    rate_limited: 429,
    too_many_failures: 429,
    too_many_attempts: 429,
    invalid_code: 400,
    code_expired: 400,
    user_not_found: 404,
  },
});

/** A new session from the refresh token (cookie, or body), which is rotated. */
export const refreshSessionEndpoint = /*#__PURE__*/ defineEndpoint({
  ...SESSION_ROUTES.refreshSession,
  query: refreshQuerySchema,
  body: refreshBodySchema,
  response: sessionSchema,
  errors: { refresh_token_missing: 400, invalid_refresh_token: 401, refresh_token_reused: 401, session_expired: 401 },
});

/** The current session from the bearer token, else the refresh cookie (not rotated); null when signed out. */
export const getSessionEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/session',
  query: noQuery,
  response: sessionResponseSchema,
  errors: { invalid_token: 401, session_not_found: 401, user_not_found: 401 },
});

/** The signed-in user with live membership and the token's assurance level. */
export const getUserEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/user',
  query: noQuery,
  response: userResponseSchema,
  errors: SIGNED_IN_USER,
});

/** Ends this session (local), every session (global) or every other one (others); 204, cookie cleared. */
export const logoutEndpoint = /*#__PURE__*/ defineEndpoint({
  ...SESSION_ROUTES.logout,
  query: logoutQuerySchema,
  response: noContent,
  status: 204,
  errors: SIGNED_IN,
});

/** The public signing keys, for verifying access tokens. */
export const getJwksEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/.well-known/jwks.json',
  query: noQuery,
  response: jwksSchema,
});


// ── MFA factors (TOTP), bearer ─────────────────────────────────────────────────────────
export const enrollFactorEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/factors',
  query: noQuery,
  body: enrollFactorBodySchema,
  response: enrollFactorResponseSchema,
  errors: { ...SIGNED_IN_USER, unsupported_factor: 422, aal2_required: 403, factor_name_taken: 409, too_many_factors: 422 },
});

export const challengeFactorEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/factors/:id/challenge',
  params: factorParamsSchema,
  query: noQuery,
  body: challengeBodySchema,
  response: challengeResponseSchema,
  errors: { ...SIGNED_IN, factor_not_found: 404 },
});

/** Checks a code for a challenge: the factor is verified and the answer is the aal2 session. */
export const verifyFactorEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/factors/:id/verify',
  params: factorParamsSchema,
  query: noQuery,
  body: verifyFactorBodySchema,
  response: sessionSchema,
  errors: {
    ...SIGNED_IN_USER,
    factor_not_found: 404,
    challenge_not_found: 404,
    challenge_used: 422,
    challenge_expired: 422,
    mfa_verification_failed: 422,
    too_many_failures: 429,
    too_many_attempts: 429,
  },
});

export const deleteFactorEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'DELETE',
  path: '/factors/:id',
  params: factorParamsSchema,
  query: noQuery,
  response: deleteFactorResponseSchema,
  errors: { ...SIGNED_IN, factor_not_found: 404, aal2_required: 403 },
});


// ── RPCs (spec 001 §7), limited per IP ─────────────────────────────────────────────────
export const isEmailDomainAllowedEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/rpc/is_email_domain_allowed',
  query: noQuery,
  body: isEmailDomainAllowedBodySchema,
  response: isEmailDomainAllowedResponseSchema,
  errors: { rate_limited: 429 },
});

export const checkSecretKitchenAccessEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/rpc/check_secret_kitchen_access_status',
  query: noQuery,
  body: secretKitchenAccessBodySchema,
  response: secretKitchenAccessResponseSchema,
  errors: { rate_limited: 429 },
});


// ── Passkeys (spec 001 §7 webauthn-*) ──────────────────────────────────────────────────
/** Registration options; a handle that already has passkeys needs a proof from auth-verify. */
export const registerOptionsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/webauthn/register-options',
  query: noQuery,
  body: registerOptionsBodySchema,
  response: registerOptionsResponseSchema,
  errors: { ...CEREMONY, invalid_proof: 403 },
});

/** A failed verification is a 200 with verified: false and an error code in the body. */
export const registerVerifyEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/webauthn/register-verify',
  query: noQuery,
  body: registerVerifyBodySchema,
  response: registerVerifyResponseSchema,
  errors: CEREMONY,
});

export const authOptionsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/webauthn/auth-options',
  query: noQuery,
  body: authOptionsBodySchema,
  response: authOptionsResponseSchema,
  errors: CEREMONY,
});

export const authVerifyEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/webauthn/auth-verify',
  query: noQuery,
  body: authVerifyBodySchema,
  response: authVerifyResponseSchema,
  errors: CEREMONY,
});

/** A session for a linked, active member (refresh cookie set); refusals are {success: false, error}. */
export const createPasskeySessionEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/webauthn/create-session',
  query: noQuery,
  body: createPasskeySessionBodySchema,
  response: createPasskeySessionResponseSchema,
});

/** Forgets a user handle's passkeys and link: with a proof from auth-verify, or as the signed-in owner. */
export const clearPasskeysEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/webauthn/clear',
  query: noQuery,
  body: clearWebauthnBodySchema,
  response: clearWebauthnResponseSchema,
  errors: { ...SIGNED_IN_USER, invalid_proof: 403, not_owner: 403 },
});


// ── Membership links (spec 001 §8) ─────────────────────────────────────────────────────
/** Emails a link code to an active subscriber. */
export const startMembershipLinkEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/membership/start-link',
  query: noQuery,
  body: startLinkBodySchema,
  response: startLinkResponseSchema,
  errors: { invalid_email: 400, rate_limited: 429, not_subscribed: 403, membership_check_failed: 503, email_send_failed: 502 },
});

export const verifyMembershipLinkEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/membership/verify-link',
  query: noQuery,
  body: verifyLinkBodySchema,
  response: verifyLinkResponseSchema,
  errors: { rate_limited: 429, invalid_code: 400, too_many_failures: 429 },
});

export const checkMembershipEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/membership/check',
  query: noQuery,
  body: checkMembershipBodySchema,
  response: checkMembershipResponseSchema,
});


// ── The profile's passkey list, bearer ─────────────────────────────────────────────────
export const listPasskeysEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/passkeys',
  query: noQuery,
  response: passkeyListResponseSchema,
  errors: SIGNED_IN_USER,
});

/** Removes one of the signed-in user's own passkeys. */
export const deletePasskeyEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'DELETE',
  path: '/passkeys/:id',
  params: passkeyParamsSchema,
  query: noQuery,
  response: deletePasskeyResponseSchema,
  errors: { ...SIGNED_IN_USER, passkey_not_found: 404 },
});

export const identityEndpoints = {
  sendOtp: sendOtpEndpoint,
  verifyOtp: verifyOtpEndpoint,
  refreshSession: refreshSessionEndpoint,
  getSession: getSessionEndpoint,
  getUser: getUserEndpoint,
  logout: logoutEndpoint,
  getJwks: getJwksEndpoint,
  enrollFactor: enrollFactorEndpoint,
  challengeFactor: challengeFactorEndpoint,
  verifyFactor: verifyFactorEndpoint,
  deleteFactor: deleteFactorEndpoint,
  isEmailDomainAllowed: isEmailDomainAllowedEndpoint,
  checkSecretKitchenAccess: checkSecretKitchenAccessEndpoint,
  registerOptions: registerOptionsEndpoint,
  registerVerify: registerVerifyEndpoint,
  authOptions: authOptionsEndpoint,
  authVerify: authVerifyEndpoint,
  createPasskeySession: createPasskeySessionEndpoint,
  clearPasskeys: clearPasskeysEndpoint,
  startMembershipLink: startMembershipLinkEndpoint,
  verifyMembershipLink: verifyMembershipLinkEndpoint,
  checkMembership: checkMembershipEndpoint,
  listPasskeys: listPasskeysEndpoint,
  deletePasskey: deletePasskeyEndpoint,
} as const;
