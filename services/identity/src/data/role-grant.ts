import { Schema, type Connection, type Model } from 'mongoose';
import type { IdentityRole } from '@croft/contracts';
import { define } from './define';

/**
 * A pending grant: roles an admin gave to an address that has no account yet. The account's
 * first sign-in (emailed code or passkey) starts with these roles and consumes the grant.
 *
 * Every write sets a new `rev`, so the first sign-in consumes exactly the version it applied (a
 * grant changed in between is applied again). Taking every role away from a pending person keeps
 * the document with `roles: []` for a day (`expires_at`, TTL) instead of deleting it, so a sign-in
 * that read the old roles a moment before still learns that they were revoked.
 */
export interface RoleGrantDoc {
  _id: string; // the canonical (lower-cased) email
  roles: IdentityRole[];
  /** Random per write: what a consuming sign-in compares. */
  rev: string;
  /** The admin who last set it (user id). */
  granted_by?: string;
  created_at: Date;
  updated_at: Date;
  /** Only on an emptied grant (roles []): when the store removes it. */
  expires_at?: Date;
}

export const ROLE_GRANTS_COLLECTION = 'role_grants';

export function roleGrantModel(db: Connection): Model<RoleGrantDoc> {
  const schema = new Schema<RoleGrantDoc>(
    {
      _id: { type: String, required: true },
      roles: { type: [String], default: [] },
      rev: { type: String, required: true },
      granted_by: { type: String },
      created_at: { type: Date, required: true },
      updated_at: { type: Date, required: true },
      expires_at: { type: Date },
    },
    { versionKey: false, collection: ROLE_GRANTS_COLLECTION },
  );
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
  return define(db, 'IdentityRoleGrant', schema);
}
