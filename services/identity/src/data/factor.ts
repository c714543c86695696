import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
