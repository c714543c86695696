import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

/** Fixed-window counters for rate limits and the hourly failure cap. */
export interface CounterDoc {
  _id: string;
  hits: number;
  reset_at: Date;
}

export function counterModel(db: Connection): Model<CounterDoc> {
  const schema = new Schema<CounterDoc>(
    {
      _id: { type: String, required: true },
      hits: { type: Number, required: true },
      reset_at: { type: Date, required: true },
    },
    { versionKey: false, collection: 'identity_counters' },
  );
  schema.index({ reset_at: 1 }, { expireAfterSeconds: 0 });
  return define(db, 'IdentityCounter', schema);
}
