import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
