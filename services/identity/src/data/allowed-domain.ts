import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

export interface AllowedDomainDoc {
  _id: string; // the lower-cased domain
  created_at: Date;
}

export function allowedDomainModel(db: Connection): Model<AllowedDomainDoc> {
  const schema = new Schema<AllowedDomainDoc>(
    { _id: { type: String, required: true }, created_at: { type: Date, required: true } },
    { versionKey: false, collection: 'allowed_domains' },
  );
  return define(db, 'IdentityAllowedDomain', schema);
}
