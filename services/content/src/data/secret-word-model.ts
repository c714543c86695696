import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SECRET_WORD_MAX_LENGTH } from '@croft/contracts';

export const SECRET_WORDS_COLLECTION = 'secret_words';

/** A secret_words row (spec 001 §3). */
export interface SecretWord {
  _id: Types.ObjectId;
  word: string;
  /** The word in lower case: one row per word, whatever its capitals. */
  word_key: string;
  is_active: boolean;
  /**
   * The word's place in the list (ascending; ties by created_at, then _id): a reorder numbers the
   * active words 0…n-1; a new or restored word takes one past the highest; words from before the
   * field get their created_at's milliseconds (secret-word-store `assignMissingSortOrders`).
   */
  sort_order: number;
  created_at: Date;
}

export type SecretWordModel = Model<SecretWord>;

const secretWordSchema = new Schema<SecretWord>(
  {
    word: { type: String, required: true, minlength: 1, maxlength: SECRET_WORD_MAX_LENGTH },
    word_key: { type: String, required: true, minlength: 1, maxlength: SECRET_WORD_MAX_LENGTH },
    is_active: { type: Boolean, required: true, default: true },
    sort_order: { type: Number, required: true, validate: { validator: Number.isSafeInteger, message: 'sort_order must be an integer' } },
    created_at: { type: Date, required: true },
  },
  { collection: SECRET_WORDS_COLLECTION, versionKey: false, strict: 'throw' },
);
// The members' read: active words in the staff's order.
secretWordSchema.index({ is_active: 1, sort_order: 1, created_at: 1 });
secretWordSchema.index({ word_key: 1 }, { unique: true });

export function secretWordModel(connection: Connection): SecretWordModel {
  return (
    (connection.models.SecretWord as SecretWordModel | undefined) ?? connection.model<SecretWord>('SecretWord', secretWordSchema)
  );
}
