import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
