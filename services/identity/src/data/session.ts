import { Schema, type Connection, type Model } from 'mongoose';
import type { Aal } from '@croft/contracts';
import { define } from './define';

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
