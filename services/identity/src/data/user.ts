import { Schema, type Connection, type Model } from 'mongoose';
import type { IdentityRole } from '@croft/contracts';
import { define } from './define';

export interface UserDoc {
  _id: string;
  email: string;
  roles: IdentityRole[];
  created_at: Date;
  updated_at: Date;
  last_sign_in_at?: Date;
}

export const USERS_COLLECTION = 'identity_users';

export function userModel(db: Connection): Model<UserDoc> {
  const schema = new Schema<UserDoc>(
    {
      _id: { type: String, required: true },
      email: { type: String, required: true, unique: true },
      roles: { type: [String], default: [] },
      created_at: { type: Date, required: true },
      updated_at: { type: Date, required: true },
      last_sign_in_at: { type: Date },
    },
    { versionKey: false, collection: USERS_COLLECTION },
  );
  return define(db, 'IdentityUser', schema);
}
