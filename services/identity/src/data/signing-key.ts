import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
