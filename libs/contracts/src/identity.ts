// Contracts for services/identity (zod/mini), mounted at /api/identity.
// Spec 000 §3 (Session, Factor), §7 (auth service calls); spec 001 §5–§7 (email sign-in, RPCs).
import * as z from 'zod/mini';
import { CODE_LENGTH } from './constants';
import { EMAIL_INPUT_MAX_LENGTH, emailSchema } from './email';

/** Secret Kitchens sign-in asks for sessions of this length (spec 001 §9: about 49 h). */
export const SECRET_KITCHEN_SESSION_SECONDS = 176_400;
/** Emailed sign-in codes stay valid this long. */
export const EMAIL_CODE_TTL_SECONDS = 600;
/** Wrong guesses allowed per emailed code before it is locked. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Access tokens (JWT, ES256) live this long; the client refreshes before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
export const IDENTITY_ROLES = ['editor', 'staff', 'admin'] as const;
export type IdentityRole = (typeof IDENTITY_ROLES)[number];
export const AAL_LEVELS = ['aal1', 'aal2'] as const;
export type Aal = (typeof AAL_LEVELS)[number];


const codeSchema = z.string().check(z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `must be ${CODE_LENGTH} digits`));

/** POST /otp — send a sign-in code by email. */
export const sendOtpBodySchema = z.strictObject({
  email: emailSchema,
  /** true for general sign-in; false (Secret Kitchens, loyalty) never creates a user. */
  create_user: z.boolean(),
  data: z.optional(
    z.strictObject({
      session_duration: z.optional(z.literal(SECRET_KITCHEN_SESSION_SECONDS)),
    }),
  ),
});
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;
export const sendOtpResponseSchema = z.strictObject({ sent: z.literal(true) });
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/** POST /verify — exchange the emailed code for a session. */
export const verifyOtpBodySchema = z.strictObject({
  email: emailSchema,
  token: codeSchema,
  type: z.literal('email'),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

/** POST /token?grant_type=refresh_token — the refresh token comes from the cookie or the body. */
export const refreshQuerySchema = z.strictObject({ grant_type: z.literal('refresh_token') });
export const refreshBodySchema = z.optional(
  z.strictObject({
    refresh_token: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
);

/** POST /logout?scope=local|global|others */
export const logoutQuerySchema = z.strictObject({
  scope: z.optional(z.enum(['local', 'global', 'others'])),
});

/** Factor on a user (spec 000 §3). */
export const factorSchema = z.strictObject({
  id: z.string(),
  friendly_name: z.string(),
  factor_type: z.enum(['totp', 'phone']),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Factor = z.infer<typeof factorSchema>;

export const identityUserSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(IDENTITY_ROLES)),
  factors: z.array(factorSchema),
});
export type IdentityUser = z.infer<typeof identityUserSchema>;

/** GET /user — the user plus live membership (active newsletter subscriber), never stored. */
export const userResponseSchema = z.strictObject({
  ...identityUserSchema.shape,
  member: z.boolean(),
  aal: z.enum(AAL_LEVELS),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Session (spec 000 §3). The refresh token travels in the httpOnly cookie, not in this body. */
export const sessionSchema = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.int(),
  /** Seconds since the epoch. */
  expires_at: z.int(),
  user: identityUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /session → the current session, or null when signed out. */
export const sessionResponseSchema = z.strictObject({ session: z.nullable(sessionSchema) });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /factors (spec 000 §7: friendly_name, factor_type, and phone or issuer). */
export const enrollFactorBodySchema = z.strictObject({
  friendly_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  factor_type: z.enum(['totp', 'phone']),
  issuer: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[^:]+$/, 'must not contain ":"'))),
  phone: z.optional(z.string().check(z.maxLength(32))),
});
export type EnrollFactorBody = z.infer<typeof enrollFactorBodySchema>;
export const enrollFactorResponseSchema = z.strictObject({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  totp: z.strictObject({
    /** The otpauth:// URI (render it as a QR code). */
    qr_code: z.string(),
    secret: z.string(),
    uri: z.string(),
  }),
});
export type EnrollFactorResponse = z.infer<typeof enrollFactorResponseSchema>;

export const factorParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'must be a factor id')),
});

/** POST /factors/:id/challenge */
export const challengeBodySchema = z.optional(
  z.strictObject({ channel: z.optional(z.enum(['sms', 'whatsapp'])) }),
);
export const challengeResponseSchema = z.strictObject({
  id: z.string(),
  type: z.literal('totp'),
  /** Seconds since the epoch. */
  expires_at: z.int(),
});
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** POST /factors/:id/verify */
export const verifyFactorBodySchema = z.strictObject({
  code: codeSchema,
  challenge_id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'must be a challenge id')),
});
export type VerifyFactorBody = z.infer<typeof verifyFactorBodySchema>;
export const deleteFactorResponseSchema = z.strictObject({ id: z.string() });

/** POST /rpc/is_email_domain_allowed → boolean */
export const isEmailDomainAllowedBodySchema = z.strictObject({ email: emailSchema });
export const isEmailDomainAllowedResponseSchema = z.boolean();

/** POST /rpc/check_secret_kitchen_access_status → [{ has_access }] */
export const secretKitchenAccessBodySchema = z.strictObject({ user_email: emailSchema });
export const secretKitchenAccessResponseSchema = z.array(z.strictObject({ has_access: z.boolean() }));
export type SecretKitchenAccessResponse = z.infer<typeof secretKitchenAccessResponseSchema>;

/** Claims of identity's access tokens (ES256, verify with GET /.well-known/jwks.json). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  roles: z.array(z.enum(IDENTITY_ROLES)),
  aal: z.enum(AAL_LEVELS),
  amr: z.array(z.string()),
  session_id: z.string(),
  /** true when the user has a verified MFA factor (staff/admin then need aal2). */
  mfa: z.boolean(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** One public signing key in the JWKS (ES256 on P-256; the kid is the key's JWK thumbprint). */
export const jwkSchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});
/** GET /.well-known/jwks.json: the current and previous public signing keys. */
export const jwksSchema = z.strictObject({ keys: z.array(jwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;

// ---------------------------------------------------------------------------------------------
// Passkeys and membership links (spec 001 §4, §7, §8, §9), also mounted at /api/identity.
// The browser sends rpId (location.hostname) and origin (location.origin); the server compares
// them with its own PUBLIC_ORIGIN (400 rp_id_mismatch) and never verifies with the body's values.
// ---------------------------------------------------------------------------------------------

/** A WebAuthn challenge is single use and expires after this many seconds. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;
/** Device trust (passkey + membership link) is prompted for a relink after this many days. */
export const DEVICE_TRUST_DAYS = 180;
/** A passkey registration counts as recent for this many minutes. */
export const RECENT_REGISTRATION_MINUTES = 10;
/** The proof from auth-verify (needed by create-session) lives this long, single use. */
export const PASSKEY_PROOF_TTL_SECONDS = 120;
/** Passkeys allowed per user handle. */
export const MAX_PASSKEYS_PER_HANDLE = 10;

/** A passkey user handle: 32 random bytes, base64url (43 characters). */
export const userHandleSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, 'must be a user handle'));
const base64url = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'));
const rpIdField = z.string().check(z.minLength(1), z.maxLength(253));
const originField = z.string().check(z.minLength(1), z.maxLength(2048));
const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const extensionResultsSchema = z.record(z.string().check(z.maxLength(64)), z.unknown());

/** RegistrationResponseJSON (what @simplewebauthn/browser startRegistration returns). */
export const registrationResponseJsonSchema = z.strictObject({
  id: base64url(1024),
  rawId: base64url(1024),
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: z.optional(base64url(8192)),
    transports: z.optional(z.array(transportSchema).check(z.maxLength(8))),
    publicKeyAlgorithm: z.optional(z.int()),
    publicKey: z.optional(base64url(4096)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: extensionResultsSchema,
  type: z.literal('public-key'),
});
export type RegistrationResponseJsonBody = z.infer<typeof registrationResponseJsonSchema>;

/** AuthenticationResponseJSON (what @simplewebauthn/browser startAuthentication returns). */
export const authenticationResponseJsonSchema = z.strictObject({
  id: base64url(1024),
  rawId: base64url(1024),
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: z.optional(z.string().check(z.maxLength(128), z.regex(/^[A-Za-z0-9_-]*$/, 'must be base64url'))),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: extensionResultsSchema,
  type: z.literal('public-key'),
});
export type AuthenticationResponseJsonBody = z.infer<typeof authenticationResponseJsonSchema>;

/** WebAuthn options as produced by @simplewebauthn/server (pass to startRegistration/startAuthentication). */
const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** POST /webauthn/register-options */
export const registerOptionsBodySchema = z.strictObject({
  userHandle: z.optional(userHandleSchema),
  /**
   * Required when userHandle already has passkeys: a proof from auth-verify with one of them, so a
   * leaked handle cannot be used to add an attacker's passkey.
   */
  proof: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  rpId: rpIdField,
  origin: originField,
});
export type RegisterOptionsBody = z.infer<typeof registerOptionsBodySchema>;
export const registerOptionsResponseSchema = z.strictObject({ options: webauthnOptionsSchema, userHandle: z.string() });
export type RegisterOptionsResponse = z.infer<typeof registerOptionsResponseSchema>;

/** POST /webauthn/register-verify */
export const registerVerifyBodySchema = z.strictObject({
  userHandle: userHandleSchema,
  attResp: registrationResponseJsonSchema,
  rpId: rpIdField,
  origin: originField,
});
export type RegisterVerifyBody = z.infer<typeof registerVerifyBodySchema>;
export const registerVerifyResponseSchema = z.strictObject({
  verified: z.boolean(),
  userHandle: z.string(),
  /** true when the handle is not yet linked to an active membership. */
  requiresLinking: z.boolean(),
  /** On failure: challenge_expired, rp_id_mismatch, invalid_state, too_many_passkeys, verification_failed. */
  error: z.optional(z.string()),
  details: z.optional(z.string()),
});
export type RegisterVerifyResponse = z.infer<typeof registerVerifyResponseSchema>;

/** POST /webauthn/auth-options */
export const authOptionsBodySchema = z.strictObject({
  userHandle: z.optional(userHandleSchema),
  rpId: rpIdField,
  origin: originField,
  discoverable: z.optional(z.boolean()),
});
export type AuthOptionsBody = z.infer<typeof authOptionsBodySchema>;
export const authOptionsResponseSchema = z.union([
  z.strictObject({ options: webauthnOptionsSchema }),
  z.strictObject({ error: z.literal('no_credentials') }),
]);
export type AuthOptionsResponse = z.infer<typeof authOptionsResponseSchema>;

/** POST /webauthn/auth-verify */
export const authVerifyBodySchema = z.strictObject({
  userHandle: z.optional(userHandleSchema),
  authResp: authenticationResponseJsonSchema,
  rpId: rpIdField,
  origin: originField,
});
export type AuthVerifyBody = z.infer<typeof authVerifyBodySchema>;
export const passkeyProofSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a proof'));
export const authVerifyResponseSchema = z.strictObject({
  verified: z.boolean(),
  userHandle: z.string(),
  hasExistingLink: z.boolean(),
  /** Present when verified: single use, PASSKEY_PROOF_TTL_SECONDS; create-session and clear need it. */
  proof: z.optional(z.string()),
});
export type AuthVerifyResponse = z.infer<typeof authVerifyResponseSchema>;

/** POST /webauthn/create-session */
export const createPasskeySessionBodySchema = z.strictObject({
  userHandle: userHandleSchema,
  email: emailSchema,
  proof: passkeyProofSchema,
});
export type CreatePasskeySessionBody = z.infer<typeof createPasskeySessionBodySchema>;
export const PASSKEY_SESSION_ERRORS = ['invalid_proof', 'not_linked', 'email_mismatch', 'not_subscribed'] as const;
export const createPasskeySessionResponseSchema = z.union([
  z.strictObject({ success: z.literal(true), session: sessionSchema }),
  z.strictObject({ success: z.literal(false), error: z.enum(PASSKEY_SESSION_ERRORS) }),
]);
export type CreatePasskeySessionResponse = z.infer<typeof createPasskeySessionResponseSchema>;

/** POST /webauthn/clear — needs a proof from auth-verify or the signed-in owner (bearer). */
export const clearWebauthnBodySchema = z.strictObject({
  userHandle: userHandleSchema,
  proof: z.optional(passkeyProofSchema),
});
export const clearWebauthnResponseSchema = z.strictObject({ cleared: z.literal(true) });

/**
 * POST /membership/start-link — a malformed email is 400 invalid_email (not invalid_request): the
 * service checks it with canonicalEmail, the same rule as emailSchema.
 */
export const startLinkBodySchema = z.strictObject({
  userHandle: userHandleSchema,
  email: z.string().check(z.maxLength(EMAIL_INPUT_MAX_LENGTH)),
});
export type StartLinkBody = z.infer<typeof startLinkBodySchema>;
export const startLinkResponseSchema = z.strictObject({ sent: z.literal(true) });

/** POST /membership/verify-link */
export const verifyLinkBodySchema = z.strictObject({
  userHandle: userHandleSchema,
  email: z.string().check(z.maxLength(EMAIL_INPUT_MAX_LENGTH)),
  code: z.string().check(z.maxLength(12)),
});
export type VerifyLinkBody = z.infer<typeof verifyLinkBodySchema>;
export const verifyLinkResponseSchema = z.strictObject({ linked: z.literal(true) });

/** POST /membership/check */
export const checkMembershipBodySchema = z.strictObject({ userHandle: userHandleSchema });
export const checkMembershipResponseSchema = z.strictObject({
  linked: z.boolean(),
  isLinked: z.boolean(),
  linkedAndActive: z.boolean(),
  active: z.boolean(),
});
export type CheckMembershipResponse = z.infer<typeof checkMembershipResponseSchema>;

/** GET /passkeys (bearer) — the signed-in user's passkeys; DELETE /passkeys/:id removes one. */
export const passkeySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
  backed_up: z.boolean(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListResponseSchema = z.strictObject({ passkeys: z.array(passkeySchema) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;
export const passkeyParamsSchema = z.strictObject({ id: base64url(1024) });
export const deletePasskeyResponseSchema = z.strictObject({ id: z.string() });
