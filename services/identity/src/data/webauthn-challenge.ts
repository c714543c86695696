import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
