import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { LOYALTY_BOXES, LOYALTY_CARD_TYPES, LOYALTY_ENTRY_KINDS, type LoyaltyCardType, type LoyaltyEntryKind } from '@croft/contracts';

// The loyalty collections (spec 001 §3, §7). Counts on a card change only through guarded updates
// (data/card-store.ts); one box holds one photo (unique card + index); a member has at most one
// open card (a partial unique index on user_id where is_complete is false).

export const LOYALTY_CARDS_COLLECTION = 'loyalty_cards';
export const LOYALTY_ENTRIES_COLLECTION = 'loyalty_entries';
export const LOYALTY_DAILY_COLLECTION = 'loyalty_daily_counts';

export interface LoyaltyCardDoc {
  _id: Types.ObjectId;
  /** identity's user id (the token's sub). */
  user_id: string;
  /** The member's email when the card was made (staff look cards up by it). */
  email: string;
  card_type: LoyaltyCardType;
  punches_required: number;
  rewards_required: number;
  punches_count: number;
  rewards_count: number;
  is_complete: boolean;
  created_at: Date;
  completed_at: Date | null;
}

export interface LoyaltyEntryDoc {
  _id: Types.ObjectId;
  card_id: Types.ObjectId;
  user_id: string;
  /** The box number, 1–7. */
  index: number;
  kind: LoyaltyEntryKind;
  /** BlobStore key of the photo (spec: a path of user, card, box and timestamp). */
  image_url: string;
  /** BlobStore key of the grid's small copy. */
  thumb_url: string;
  /** Perceptual hash of the photo (16 hex digits), to refuse the same photo twice on a card. */
  phash: string;
  created_at: Date;
}

/** Photos a member added on one Europe/London day (the daily cap), kept a few days. */
export interface LoyaltyDailyDoc {
  _id: Types.ObjectId;
  user_id: string;
  /** YYYY-MM-DD in Europe/London. */
  day: string;
  count: number;
  expires_at: Date;
}

const wholeNumber = { validator: Number.isInteger, message: '{PATH} must be a whole number' };

const cardSchema = new Schema<LoyaltyCardDoc>(
  {
    user_id: { type: String, required: true, maxlength: 100 },
    email: { type: String, required: true, lowercase: true, maxlength: 254 },
    card_type: { type: String, required: true, enum: LOYALTY_CARD_TYPES },
    punches_required: { type: Number, required: true, min: 0, max: LOYALTY_BOXES, validate: wholeNumber },
    rewards_required: { type: Number, required: true, min: 0, max: LOYALTY_BOXES, validate: wholeNumber },
    punches_count: { type: Number, required: true, min: 0, max: LOYALTY_BOXES, validate: wholeNumber },
    rewards_count: { type: Number, required: true, min: 0, max: LOYALTY_BOXES, validate: wholeNumber },
    is_complete: { type: Boolean, required: true },
    created_at: { type: Date, required: true },
    completed_at: { type: Date, default: null },
  },
  { collection: LOYALTY_CARDS_COLLECTION, versionKey: false, strict: 'throw' },
);
// At most one open card per member: two requests starting a card at once make one.
cardSchema.index({ user_id: 1 }, { unique: true, partialFilterExpression: { is_complete: { $eq: false } }, name: 'one_open_card' });
// The member's cards, newest first; the count of completed regular cards.
cardSchema.index({ user_id: 1, is_complete: 1, created_at: -1 });
cardSchema.index({ email: 1, created_at: -1 });

const entrySchema = new Schema<LoyaltyEntryDoc>(
  {
    card_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: String, required: true, maxlength: 100 },
    index: { type: Number, required: true, min: 1, max: LOYALTY_BOXES, validate: wholeNumber },
    kind: { type: String, required: true, enum: LOYALTY_ENTRY_KINDS },
    image_url: { type: String, required: true, maxlength: 300 },
    thumb_url: { type: String, required: true, maxlength: 300 },
    phash: { type: String, required: true, match: /^[0-9a-f]{16}$/ },
    created_at: { type: Date, required: true },
  },
  { collection: LOYALTY_ENTRIES_COLLECTION, versionKey: false, strict: 'throw' },
);
// One box holds one photo: two phones filling the same box at once → one insert wins.
entrySchema.index({ card_id: 1, index: 1 }, { unique: true, name: 'one_photo_per_box' });
entrySchema.index({ user_id: 1, created_at: -1 });
// Punches and rewards added in a window (staff analytics).
entrySchema.index({ created_at: 1, kind: 1 });

const dailySchema = new Schema<LoyaltyDailyDoc>(
  {
    user_id: { type: String, required: true, maxlength: 100 },
    day: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    count: { type: Number, required: true, min: 0, validate: wholeNumber },
    expires_at: { type: Date, required: true },
  },
  { collection: LOYALTY_DAILY_COLLECTION, versionKey: false, strict: 'throw' },
);
dailySchema.index({ user_id: 1, day: 1 }, { unique: true });
dailySchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export interface LoyaltyModels {
  card: Model<LoyaltyCardDoc>;
  entry: Model<LoyaltyEntryDoc>;
  daily: Model<LoyaltyDailyDoc>;
}

export function loyaltyModels(connection: Connection): LoyaltyModels {
  const get = <T>(name: string, schema: Schema<T>) => (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
  return {
    card: get('LoyaltyCard', cardSchema),
    entry: get('LoyaltyEntry', entrySchema),
    daily: get('LoyaltyDaily', dailySchema),
  };
}
