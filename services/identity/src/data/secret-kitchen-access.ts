import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

export interface SecretKitchenAccessDoc {
  _id: string; // the lower-cased email
  has_access: boolean;
  created_at: Date;
}

export function secretKitchenAccessModel(db: Connection): Model<SecretKitchenAccessDoc> {
  const schema = new Schema<SecretKitchenAccessDoc>(
    {
      _id: { type: String, required: true },
      has_access: { type: Boolean, required: true },
      created_at: { type: Date, required: true },
    },
    { versionKey: false, collection: 'secret_kitchen_access' },
  );
  return define(db, 'IdentitySecretKitchenAccess', schema);
}
