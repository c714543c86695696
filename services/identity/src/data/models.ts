import { Schema, type Connection, type Model } from 'mongoose';
import type { Aal, IdentityRole } from '@croft/contracts';

/**
 * Identity's collections. Every model is defined on the service's own connection.
 * Passkeys (identity_passkeys) and membership links (identity_membership_links) are keyed by
 * the passkey user handle, which may exist before any user account; create-session opens a
 * session through the same session store with amr 'passkey'.
 */

function define<T>(db: Connection, name: string, schema: Schema<T>): Model<T> {
  return (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema);
}

export interface UserDoc {
  _id: string;
  email: string;
  roles: IdentityRole[];
  created_at: Date;
  updated_at: Date;
  last_sign_in_at?: Date;
}

export const USERS_COLLECTION = 'identity_users';

export function userModel(db: Connection): Model<UserDoc> {
  const schema = new Schema<UserDoc>(
    {
      _id: { type: String, required: true },
      email: { type: String, required: true, unique: true },
      roles: { type: [String], default: [] },
      created_at: { type: Date, required: true },
      updated_at: { type: Date, required: true },
      last_sign_in_at: { type: Date },
    },
    { versionKey: false, collection: USERS_COLLECTION },
  );
  return define(db, 'IdentityUser', schema);
}

/** One live code per email: sending a new one replaces (and so invalidates) the old. */
export interface EmailCodeDoc {
  _id: string; // the lower-cased email
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  used_at?: Date;
  create_user: boolean;
  session_duration?: number;
}

export const EMAIL_CODES_COLLECTION = 'identity_email_codes';

export function emailCodeModel(db: Connection): Model<EmailCodeDoc> {
  const schema = new Schema<EmailCodeDoc>(
    {
      _id: { type: String, required: true },
      code_hash: { type: String, required: true },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      attempts: { type: Number, required: true, default: 0 },
      used_at: { type: Date },
      create_user: { type: Boolean, required: true },
      session_duration: { type: Number },
    },
    { versionKey: false, collection: EMAIL_CODES_COLLECTION },
  );
  // Kept an hour past expiry so a late guess still answers code_expired, then removed.
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 3600 });
  return define(db, 'IdentityEmailCode', schema);
}

/** A session = one refresh-token family. */
export interface SessionDoc {
  _id: string;
  user_id: string;
  aal: Aal;
  amr: string[];
  created_at: Date;
  /** Absolute end of the family; refresh tokens never outlive it. */
  expires_at: Date;
  refreshed_at?: Date;
  revoked_at?: Date;
  revoked_reason?: string;
}

export const SESSIONS_COLLECTION = 'identity_sessions';

export function sessionModel(db: Connection): Model<SessionDoc> {
  const schema = new Schema<SessionDoc>(
    {
      _id: { type: String, required: true },
      user_id: { type: String, required: true, index: true },
      aal: { type: String, required: true },
      amr: { type: [String], default: [] },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      refreshed_at: { type: Date },
      revoked_at: { type: Date },
      revoked_reason: { type: String },
    },
    { versionKey: false, collection: SESSIONS_COLLECTION },
  );
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 86_400 });
  return define(db, 'IdentitySession', schema);
}

/** Refresh tokens, stored as sha256 only. A rotated token kept so its reuse is detected. */
export interface RefreshTokenDoc {
  _id: string; // sha256(token), base64url
  session_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  rotated_at?: Date;
  /**
   * The token that replaced this one, sealed under a key derived from this token (never readable
   * from the database alone): a concurrent or retried refresh with this token within the reuse
   * grace gets the same successor instead of revoking the family.
   */
  successor?: string;
}

export const REFRESH_TOKENS_COLLECTION = 'identity_refresh_tokens';

export function refreshTokenModel(db: Connection): Model<RefreshTokenDoc> {
  const schema = new Schema<RefreshTokenDoc>(
    {
      _id: { type: String, required: true },
      session_id: { type: String, required: true, index: true },
      user_id: { type: String, required: true },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      rotated_at: { type: Date },
      successor: { type: String },
    },
    { versionKey: false, collection: REFRESH_TOKENS_COLLECTION },
  );
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 86_400 });
  return define(db, 'IdentityRefreshToken', schema);
}

export interface FactorDoc {
  _id: string;
  user_id: string;
  factor_type: 'totp';
  friendly_name: string;
  status: 'verified' | 'unverified';
  /** The TOTP secret (encrypted when KEY_ENCRYPTION_SECRET is set). */
  secret: string;
  /** Last accepted TOTP time step: a code is accepted once. */
  last_step?: number;
  created_at: Date;
  updated_at: Date;
}

export const FACTORS_COLLECTION = 'identity_factors';

export function factorModel(db: Connection): Model<FactorDoc> {
  const schema = new Schema<FactorDoc>(
    {
      _id: { type: String, required: true },
      user_id: { type: String, required: true },
      factor_type: { type: String, required: true },
      friendly_name: { type: String, required: true },
      status: { type: String, required: true },
      secret: { type: String, required: true },
      last_step: { type: Number },
      created_at: { type: Date, required: true },
      updated_at: { type: Date, required: true },
    },
    { versionKey: false, collection: FACTORS_COLLECTION },
  );
  schema.index({ user_id: 1, friendly_name: 1 }, { unique: true });
  return define(db, 'IdentityFactor', schema);
}

export interface ChallengeDoc {
  _id: string;
  factor_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  verified_at?: Date;
}

export const CHALLENGES_COLLECTION = 'identity_challenges';

export function challengeModel(db: Connection): Model<ChallengeDoc> {
  const schema = new Schema<ChallengeDoc>(
    {
      _id: { type: String, required: true },
      factor_id: { type: String, required: true },
      user_id: { type: String, required: true },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      attempts: { type: Number, required: true, default: 0 },
      verified_at: { type: Date },
    },
    { versionKey: false, collection: CHALLENGES_COLLECTION },
  );
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 3600 });
  return define(db, 'IdentityChallenge', schema);
}

/** ES256 signing keys. The newest 'active' key signs; 'active' and 'previous' are published. */
export interface SigningKeyDoc {
  _id: string; // kid
  private_jwk: string;
  public_jwk: string;
  status: 'active' | 'previous' | 'retired';
  created_at: Date;
}

export const KEYS_COLLECTION = 'identity_keys';

export function signingKeyModel(db: Connection): Model<SigningKeyDoc> {
  const schema = new Schema<SigningKeyDoc>(
    {
      _id: { type: String, required: true },
      private_jwk: { type: String, required: true },
      public_jwk: { type: String, required: true },
      status: { type: String, required: true },
      created_at: { type: Date, required: true },
    },
    { versionKey: false, collection: KEYS_COLLECTION },
  );
  return define(db, 'IdentitySigningKey', schema);
}

export interface AllowedDomainDoc {
  _id: string; // the lower-cased domain
  created_at: Date;
}

export function allowedDomainModel(db: Connection): Model<AllowedDomainDoc> {
  const schema = new Schema<AllowedDomainDoc>(
    { _id: { type: String, required: true }, created_at: { type: Date, required: true } },
    { versionKey: false, collection: 'allowed_domains' },
  );
  return define(db, 'IdentityAllowedDomain', schema);
}

export interface SecretKitchenAccessDoc {
  _id: string; // the lower-cased email
  has_access: boolean;
  created_at: Date;
}

export function secretKitchenAccessModel(db: Connection): Model<SecretKitchenAccessDoc> {
  const schema = new Schema<SecretKitchenAccessDoc>(
    {
      _id: { type: String, required: true },
      has_access: { type: Boolean, required: true },
      created_at: { type: Date, required: true },
    },
    { versionKey: false, collection: 'secret_kitchen_access' },
  );
  return define(db, 'IdentitySecretKitchenAccess', schema);
}

/** Fixed-window counters for rate limits and the hourly failure cap. */
export interface CounterDoc {
  _id: string;
  hits: number;
  reset_at: Date;
}

export function counterModel(db: Connection): Model<CounterDoc> {
  const schema = new Schema<CounterDoc>(
    {
      _id: { type: String, required: true },
      hits: { type: Number, required: true },
      reset_at: { type: Date, required: true },
    },
    { versionKey: false, collection: 'identity_counters' },
  );
  schema.index({ reset_at: 1 }, { expireAfterSeconds: 0 });
  return define(db, 'IdentityCounter', schema);
}

/** A registered passkey. `_id` is the credential id (base64url), unique. */
export interface PasskeyDoc {
  _id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  transports: string[];
  aaguid: string;
  name: string;
  user_handle: string;
  /** Set once the handle has opened a session (or its link's email has a user). */
  user_id?: string;
  created_at: Date;
  last_used_at?: Date;
  backed_up: boolean;
  device_type: string;
}

export const PASSKEYS_COLLECTION = 'identity_passkeys';

export function passkeyModel(db: Connection): Model<PasskeyDoc> {
  const schema = new Schema<PasskeyDoc>(
    {
      _id: { type: String, required: true },
      public_key: { type: String, required: true },
      counter: { type: Number, required: true },
      transports: { type: [String], default: [] },
      aaguid: { type: String, required: true },
      name: { type: String, required: true },
      user_handle: { type: String, required: true, index: true },
      user_id: { type: String, index: true },
      created_at: { type: Date, required: true },
      last_used_at: { type: Date },
      backed_up: { type: Boolean, required: true },
      device_type: { type: String, required: true },
    },
    { versionKey: false, collection: PASSKEYS_COLLECTION },
  );
  return define(db, 'IdentityPasskey', schema);
}

/** A WebAuthn challenge (`_id` = the challenge, base64url): single use, 5 minutes. */
export interface WebauthnChallengeDoc {
  _id: string;
  kind: 'registration' | 'authentication';
  /** The handle the ceremony is for (registration always; authentication when not discoverable). */
  user_handle?: string;
  created_at: Date;
  expires_at: Date;
  used_at?: Date;
}

export const WEBAUTHN_CHALLENGES_COLLECTION = 'identity_webauthn_challenges';

export function webauthnChallengeModel(db: Connection): Model<WebauthnChallengeDoc> {
  const schema = new Schema<WebauthnChallengeDoc>(
    {
      _id: { type: String, required: true },
      kind: { type: String, required: true },
      user_handle: { type: String },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      used_at: { type: Date },
    },
    { versionKey: false, collection: WEBAUTHN_CHALLENGES_COLLECTION },
  );
  // Removed by the store once expired; verification checks expires_at itself as well.
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
  return define(db, 'IdentityWebauthnChallenge', schema);
}

/** Proof that a passkey assertion was just verified (`_id` = sha256 of the token): 2 minutes, single use. */
export interface PasskeyProofDoc {
  _id: string;
  user_handle: string;
  credential_id: string;
  created_at: Date;
  expires_at: Date;
  used_at?: Date;
}

export const PASSKEY_PROOFS_COLLECTION = 'identity_passkey_proofs';

export function passkeyProofModel(db: Connection): Model<PasskeyProofDoc> {
  const schema = new Schema<PasskeyProofDoc>(
    {
      _id: { type: String, required: true },
      user_handle: { type: String, required: true },
      credential_id: { type: String, required: true },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      used_at: { type: Date },
    },
    { versionKey: false, collection: PASSKEY_PROOFS_COLLECTION },
  );
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
  return define(db, 'IdentityPasskeyProof', schema);
}

/** A user handle linked to a (subscriber's) email. `_id` = the user handle. */
export interface MembershipLinkDoc {
  _id: string;
  email: string;
  linked_at: Date;
}

export const MEMBERSHIP_LINKS_COLLECTION = 'identity_membership_links';

export function membershipLinkModel(db: Connection): Model<MembershipLinkDoc> {
  const schema = new Schema<MembershipLinkDoc>(
    {
      _id: { type: String, required: true },
      email: { type: String, required: true, index: true },
      linked_at: { type: Date, required: true },
    },
    { versionKey: false, collection: MEMBERSHIP_LINKS_COLLECTION },
  );
  return define(db, 'IdentityMembershipLink', schema);
}

/** One live membership-link code per user handle (HMAC with the pepper, bound to handle and email). */
export interface LinkCodeDoc {
  _id: string; // the user handle
  email: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  used_at?: Date;
}

export const LINK_CODES_COLLECTION = 'identity_link_codes';

export function linkCodeModel(db: Connection): Model<LinkCodeDoc> {
  const schema = new Schema<LinkCodeDoc>(
    {
      _id: { type: String, required: true },
      email: { type: String, required: true },
      code_hash: { type: String, required: true },
      created_at: { type: Date, required: true },
      expires_at: { type: Date, required: true },
      attempts: { type: Number, required: true, default: 0 },
      used_at: { type: Date },
    },
    { versionKey: false, collection: LINK_CODES_COLLECTION },
  );
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 3600 });
  return define(db, 'IdentityLinkCode', schema);
}

export interface IdentityModels {
  user: Model<UserDoc>;
  emailCode: Model<EmailCodeDoc>;
  session: Model<SessionDoc>;
  refreshToken: Model<RefreshTokenDoc>;
  factor: Model<FactorDoc>;
  challenge: Model<ChallengeDoc>;
  signingKey: Model<SigningKeyDoc>;
  allowedDomain: Model<AllowedDomainDoc>;
  secretKitchenAccess: Model<SecretKitchenAccessDoc>;
  counter: Model<CounterDoc>;
  passkey: Model<PasskeyDoc>;
  webauthnChallenge: Model<WebauthnChallengeDoc>;
  passkeyProof: Model<PasskeyProofDoc>;
  membershipLink: Model<MembershipLinkDoc>;
  linkCode: Model<LinkCodeDoc>;
}

export function identityModels(db: Connection): IdentityModels {
  return {
    user: userModel(db),
    emailCode: emailCodeModel(db),
    session: sessionModel(db),
    refreshToken: refreshTokenModel(db),
    factor: factorModel(db),
    challenge: challengeModel(db),
    signingKey: signingKeyModel(db),
    allowedDomain: allowedDomainModel(db),
    secretKitchenAccess: secretKitchenAccessModel(db),
    counter: counterModel(db),
    passkey: passkeyModel(db),
    webauthnChallenge: webauthnChallengeModel(db),
    passkeyProof: passkeyProofModel(db),
    membershipLink: membershipLinkModel(db),
    linkCode: linkCodeModel(db),
  };
}
