import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { NEWSLETTER_INTERESTS, type NewsletterInterest } from '@croft/contracts';

export const SUBSCRIBER_COLLECTION = 'newsletter_subscribers';

/** How many past consents are kept per subscriber (newest last). */
export const CONSENT_HISTORY_LIMIT = 20;

/** Evidence of one consent: when, to which sentence version, from where. */
export interface ConsentRecord {
  given_at: Date;
  text_version: string;
  ip: string;
  user_agent: string;
}

export type SubscriberStatus = 'active' | 'unsubscribed';

export interface Subscriber {
  _id: Types.ObjectId;
  /** Stored lower-cased; unique. */
  email: string;
  /** Always set while active; removed (with phone, birthday, interests) 30 days after unsubscribing. */
  name?: string;
  phone?: string;
  /** 'day/monthname' */
  birthday?: string;
  /** Absent once removed after unsubscribing. */
  interests?: NewsletterInterest[];
  status: SubscriberStatus;
  consent: ConsentRecord;
  consent_history: ConsentRecord[];
  /** sha256 (hex) of the raw unsubscribe token; the raw token is only ever in the email. */
  unsubscribe_token_hash: string;
  unsubscribed_at?: Date;
  created_at: Date;
  updated_at: Date;
}

export type SubscriberModel = Model<Subscriber>;

const consentSchema = new Schema<ConsentRecord>(
  {
    given_at: { type: Date, required: true },
    text_version: { type: String, required: true },
    ip: { type: String, required: true },
    user_agent: { type: String, required: true },
  },
  { _id: false },
);

const subscriberSchema = new Schema<Subscriber>(
  {
    email: { type: String, required: true, lowercase: true, trim: true, maxlength: 254 },
    // Not required: the retention sweep removes it from unsubscribed records (domain/retention.ts);
    // every subscribe sets it (the request schema requires it).
    name: { type: String, maxlength: 100 },
    phone: { type: String, maxlength: 20 },
    birthday: { type: String, maxlength: 12 },
    interests: { type: [{ type: String, enum: NEWSLETTER_INTERESTS }], default: [] },
    status: { type: String, required: true, enum: ['active', 'unsubscribed'] },
    consent: { type: consentSchema, required: true },
    consent_history: { type: [consentSchema], default: [] },
    unsubscribe_token_hash: { type: String, required: true },
    unsubscribed_at: { type: Date },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: SUBSCRIBER_COLLECTION, versionKey: false, timestamps: false, strict: 'throw' },
);

// One document per address: re-subscribing updates it, whatever the case typed.
subscriberSchema.index({ email: 1 }, { unique: true });
// The one-click unsubscribe looks the subscriber up by the token's hash.
subscriberSchema.index({ unsubscribe_token_hash: 1 }, { unique: true });
// Members per interest (staff analytics) reads only active subscribers and their interests.
subscriberSchema.index({ status: 1, interests: 1 });

/** The Subscriber model on `connection` (defined once per connection). */
export function subscriberModel(connection: Connection): SubscriberModel {
  return (
    (connection.models.NewsletterSubscriber as SubscriberModel | undefined) ??
    connection.model<Subscriber>('NewsletterSubscriber', subscriberSchema)
  );
}
