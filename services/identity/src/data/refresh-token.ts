import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
