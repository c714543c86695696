import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
