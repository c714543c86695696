import { Schema, type Connection, type Model } from 'mongoose';
import type { Aal, IdentityRole } from '@croft/contracts';

/**
 * Identity's collections. Every model is defined on the service's own connection.
 * Later features slot in beside these, keyed by user_id: passkeys (identity_passkeys:
 * credential id, public key, counter, user handle) and membership links
 * (identity_membership_links: user handle, email, linked_at), both creating sessions through
 * the same session store with their own amr method ('webauthn', 'link').
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
  };
}
