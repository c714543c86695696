import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { DONATION_MAX_PENCE, DONATION_NOTE_MAX } from '@croft/contracts';

export const DONATION_COLLECTION = 'common_good_donations';
export const TOTAL_COLLECTION = 'common_good_totals';
/** The one document of TOTAL_COLLECTION. */
export const TOTAL_ID = 'common-good';
/**
 * How many recently applied donation ids the total document remembers. Applying a donation
 * is guarded by "not in this list", so a retry of the same donation never counts twice.
 */
export const APPLIED_IDS_KEPT = 1000;

export interface DonationDoc {
  _id: Types.ObjectId;
  amount_cents: number;
  note: string;
  recorded_by_sub: string;
  recorded_by_email: string;
  recorded_at: Date;
  /** true once the amount is in the running total. */
  applied: boolean;
  /** The client's idempotency key (or the seed's key); unique when present. */
  request_id?: string;
}

export interface TotalDoc {
  _id: string;
  combined_total_cents: number;
  donation_count: number;
  /** Newest last, capped at APPLIED_IDS_KEPT. */
  applied_ids: string[];
  updated_at: Date;
}

export type DonationModel = Model<DonationDoc>;
export type TotalModel = Model<TotalDoc>;

const donationSchema = new Schema<DonationDoc>(
  {
    amount_cents: {
      type: Number,
      required: true,
      min: 1,
      max: DONATION_MAX_PENCE,
      validate: { validator: Number.isInteger, message: 'amount_cents must be an integer' },
    },
    note: { type: String, required: true, minlength: 1, maxlength: DONATION_NOTE_MAX },
    recorded_by_sub: { type: String, required: true },
    recorded_by_email: { type: String, required: true },
    recorded_at: { type: Date, required: true },
    applied: { type: Boolean, required: true },
    request_id: { type: String },
  },
  { collection: DONATION_COLLECTION, versionKey: false, strict: 'throw' },
);
donationSchema.index({ request_id: 1 }, { unique: true, sparse: true });
// The staff list (newest first) and the catch-up of donations not yet in the total.
donationSchema.index({ recorded_at: -1 });
donationSchema.index({ applied: 1 });

const totalSchema = new Schema<TotalDoc>(
  {
    _id: { type: String, required: true },
    combined_total_cents: { type: Number, required: true },
    donation_count: { type: Number, required: true },
    applied_ids: { type: [String], default: [] },
    updated_at: { type: Date, required: true },
  },
  { collection: TOTAL_COLLECTION, versionKey: false, strict: 'throw' },
);

export function donationModel(connection: Connection): DonationModel {
  return (
    (connection.models.CommonGoodDonation as DonationModel | undefined) ??
    connection.model<DonationDoc>('CommonGoodDonation', donationSchema)
  );
}

export function totalModel(connection: Connection): TotalModel {
  return (
    (connection.models.CommonGoodTotal as TotalModel | undefined) ??
    connection.model<TotalDoc>('CommonGoodTotal', totalSchema)
  );
}
