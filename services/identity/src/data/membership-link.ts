import { Schema, type Connection, type Model } from 'mongoose';
import { define } from './define';

/** A user handle linked to a (subscriber's) email. `_id` = the user handle. */
export interface MembershipLinkDoc {
  _id: string;
  email: string;
  linked_at: Date;
}

export const MEMBERSHIP_LINKS_COLLECTION = 'identity_membership_links';

export function membershipLinkModel(db: Connection): Model<MembershipLinkDoc> {
  const schema = new Schema<MembershipLinkDoc>(
    {
      _id: { type: String, required: true },
      email: { type: String, required: true, index: true },
      linked_at: { type: Date, required: true },
    },
    { versionKey: false, collection: MEMBERSHIP_LINKS_COLLECTION },
  );
  return define(db, 'IdentityMembershipLink', schema);
}
