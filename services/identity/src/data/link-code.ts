import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

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
