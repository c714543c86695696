import { Schema, type Connection, type Model } from 'mongoose';
import { ANALYTICS_RAW_RETENTION_DAYS } from '@croft/contracts';
import { define } from './define';

/** How a member proved membership at the members' gates (spec 001 §4). */
export const GATE_UNLOCK_METHODS = ['passkey', 'link', 'email'] as const;
export type GateUnlockMethod = (typeof GATE_UNLOCK_METHODS)[number];

/**
 * One successful proof of membership, for staff analytics (capability gateUnlockStats): how and
 * when, and whose account when one is known. Never a secret (no handle, code, proof or email).
 * Kept 13 months (ANALYTICS_RAW_RETENTION_DAYS, TTL on `at`), like the site's raw analytics.
 */
export interface GateUnlockDoc {
  method: GateUnlockMethod;
  at: Date;
  /** identity's user id, when the proof names an account (email sign-in; a passkey or link of a known account). */
  user_id?: string;
}

export const GATE_UNLOCKS_COLLECTION = 'identity_gate_unlocks';
export const GATE_UNLOCK_RETENTION_SECONDS = ANALYTICS_RAW_RETENTION_DAYS * 24 * 60 * 60;

export function gateUnlockModel(db: Connection): Model<GateUnlockDoc> {
  const schema = new Schema<GateUnlockDoc>(
    {
      method: { type: String, required: true, enum: GATE_UNLOCK_METHODS },
      at: { type: Date, required: true },
      user_id: { type: String, maxlength: 100 },
    },
    { versionKey: false, collection: GATE_UNLOCKS_COLLECTION, strict: 'throw' },
  );
  // One index does both: the TTL that ends a record after 13 months, and the window's range scan.
  schema.index({ at: 1 }, { expireAfterSeconds: GATE_UNLOCK_RETENTION_SECONDS });
  return define(db, 'IdentityGateUnlock', schema);
}
