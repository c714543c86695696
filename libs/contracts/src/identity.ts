// Contracts for services/identity (zod/mini), mounted at /api/identity.
// Spec 000 §3 (Session, Factor), §7 (auth service calls); spec 001 §5–§7 (email sign-in, RPCs).
import * as z from 'zod/mini';
import { CODE_LENGTH } from './constants';

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

/** A plausible email address; services lower-case and trim it before use. */
export const emailSchema = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(3),
  z.maxLength(254),
  z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address'),
);

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
