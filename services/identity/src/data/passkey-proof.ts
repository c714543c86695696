import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
