import { Schema, type Connection, type Model, type Types } from 'mongoose';

// The nudge service's collections (issue 14). A subscription is one browser's push endpoint with
// its keys; a nudge is one send (a repeated nudge is a series of them, one per occurrence); a
// delivery is one nudge to one subscription, unique per pair, so a send that is run again after a
// crash never addresses a browser twice.

export const NUDGE_KEYS_COLLECTION = 'nudge_keys';
export const NUDGE_SUBSCRIPTIONS_COLLECTION = 'nudge_subscriptions';
export const NUDGE_EMAIL_LINKS_COLLECTION = 'nudge_email_links';
export const NUDGE_NUDGES_COLLECTION = 'nudge_nudges';
export const NUDGE_DELIVERIES_COLLECTION = 'nudge_deliveries';

export interface KeyDoc {
  /** 'vapid'. */
  _id: string;
  public_key: string;
  /** Sealed with KEY_ENCRYPTION_SECRET (service kit secretBox, purpose 'croft-nudge-keys'). */
  private_key: string;
  created_at: Date;
}

export interface SubscriptionDoc {
  _id: Types.ObjectId;
  endpoint: string;
  p256dh: string;
  auth: string;
  browser: string;
  topics: string[];
  /** identity's user id when linked through a signed-in account. */
  user_id: string | null;
  /** The member's address: the account's, or the one confirmed by the emailed link. */
  email: string | null;
  linked_via: 'account' | 'email' | null;
  /** sha256 of the device cookie's value (the cookie names this subscription). */
  device_hash: string;
  created_at: Date;
  updated_at: Date;
  last_success_at: Date | null;
}

export interface EmailLinkDoc {
  _id: Types.ObjectId;
  token_hash: string;
  subscription_id: Types.ObjectId;
  email: string;
  expires_at: Date;
}

export type NudgeState = 'scheduled' | 'sending' | 'sent' | 'cancelled';
export type StoredAudience =
  | { kind: 'everyone' }
  | { kind: 'members' }
  | { kind: 'email'; email: string }
  | { kind: 'interest'; interest: string }
  | { kind: 'test'; user_id: string };

export interface NudgeDoc {
  _id: Types.ObjectId;
  title: string;
  body: string;
  url: string;
  audience: StoredAudience;
  state: NudgeState;
  send_at: Date;
  repeat: { every: 'daily' | 'weekly'; until: Date } | null;
  series_id: Types.ObjectId;
  occurrence: number;
  test: boolean;
  created_by: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  clicks: number;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'sent' | 'failed' | 'removed';

export interface DeliveryDoc {
  _id: Types.ObjectId;
  nudge_id: Types.ObjectId;
  subscription_id: Types.ObjectId;
  browser: string;
  email: string | null;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  status_code: number | null;
  reason: string | null;
  updated_at: Date;
}

const keySchema = new Schema<KeyDoc>(
  { _id: { type: String }, public_key: { type: String, required: true }, private_key: { type: String, required: true }, created_at: { type: Date, required: true } },
  { versionKey: false, collection: NUDGE_KEYS_COLLECTION },
);

const subscriptionSchema = new Schema<SubscriptionDoc>(
  {
    endpoint: { type: String, required: true },
    p256dh: { type: String, required: true },
    auth: { type: String, required: true },
    browser: { type: String, required: true },
    topics: { type: [String], default: [] },
    user_id: { type: String, default: null },
    email: { type: String, default: null },
    linked_via: { type: String, default: null },
    device_hash: { type: String, required: true },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
    last_success_at: { type: Date, default: null },
  },
  { versionKey: false, collection: NUDGE_SUBSCRIPTIONS_COLLECTION },
);
subscriptionSchema.index({ endpoint: 1 }, { unique: true, name: 'one_subscription_per_endpoint' });
subscriptionSchema.index({ device_hash: 1 }, { unique: true, name: 'one_subscription_per_device' });
subscriptionSchema.index({ user_id: 1 });
subscriptionSchema.index({ email: 1 });

const emailLinkSchema = new Schema<EmailLinkDoc>(
  {
    token_hash: { type: String, required: true },
    subscription_id: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false, collection: NUDGE_EMAIL_LINKS_COLLECTION },
);
emailLinkSchema.index({ token_hash: 1 }, { unique: true });
emailLinkSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

const nudgeSchema = new Schema<NudgeDoc>(
  {
    title: { type: String, required: true },
    body: { type: String, required: true },
    url: { type: String, required: true },
    audience: { type: Schema.Types.Mixed, required: true },
    state: { type: String, required: true, enum: ['scheduled', 'sending', 'sent', 'cancelled'] },
    send_at: { type: Date, required: true },
    repeat: { type: Schema.Types.Mixed, default: null },
    series_id: { type: Schema.Types.ObjectId, required: true },
    occurrence: { type: Number, required: true },
    test: { type: Boolean, default: false },
    created_by: { type: String, default: null },
    created_at: { type: Date, required: true },
    started_at: { type: Date, default: null },
    finished_at: { type: Date, default: null },
    clicks: { type: Number, default: 0 },
  },
  { versionKey: false, collection: NUDGE_NUDGES_COLLECTION },
);
nudgeSchema.index({ series_id: 1, occurrence: 1 }, { unique: true, name: 'one_nudge_per_occurrence' });
nudgeSchema.index({ created_at: -1 });

const deliverySchema = new Schema<DeliveryDoc>(
  {
    nudge_id: { type: Schema.Types.ObjectId, required: true },
    subscription_id: { type: Schema.Types.ObjectId, required: true },
    browser: { type: String, required: true },
    email: { type: String, default: null },
    status: { type: String, required: true, enum: ['pending', 'retrying', 'sent', 'failed', 'removed'] },
    attempts: { type: Number, required: true },
    next_attempt_at: { type: Date, default: null },
    status_code: { type: Number, default: null },
    reason: { type: String, default: null },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: NUDGE_DELIVERIES_COLLECTION },
);
deliverySchema.index({ nudge_id: 1, subscription_id: 1 }, { unique: true, name: 'one_delivery_per_browser' });
deliverySchema.index({ nudge_id: 1, status: 1 });
// GET /subscriptions/mine: the last nudges delivered to one browser.
deliverySchema.index({ subscription_id: 1, status: 1, updated_at: -1 });

export interface NudgeModels {
  key: Model<KeyDoc>;
  subscription: Model<SubscriptionDoc>;
  emailLink: Model<EmailLinkDoc>;
  nudge: Model<NudgeDoc>;
  delivery: Model<DeliveryDoc>;
}

export function nudgeModels(connection: Connection): NudgeModels {
  return {
    key: (connection.models.NudgeKey as Model<KeyDoc>) ?? connection.model<KeyDoc>('NudgeKey', keySchema),
    subscription: (connection.models.NudgeSubscription as Model<SubscriptionDoc>) ?? connection.model<SubscriptionDoc>('NudgeSubscription', subscriptionSchema),
    emailLink: (connection.models.NudgeEmailLink as Model<EmailLinkDoc>) ?? connection.model<EmailLinkDoc>('NudgeEmailLink', emailLinkSchema),
    nudge: (connection.models.NudgeNudge as Model<NudgeDoc>) ?? connection.model<NudgeDoc>('NudgeNudge', nudgeSchema),
    delivery: (connection.models.NudgeDelivery as Model<DeliveryDoc>) ?? connection.model<DeliveryDoc>('NudgeDelivery', deliverySchema),
  };
}
