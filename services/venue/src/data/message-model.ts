import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  COMMON_GOOD_MESSAGE_MAX,
  COMMON_GOOD_MESSAGE_STATUSES,
  VENUE_EMAIL_MAX,
  VENUE_NAME_MAX,
  type CommonGoodMessageStatus,
} from '@croft/contracts';

export const MESSAGE_COLLECTION = 'common_good_messages';

export interface MessageDoc {
  _id: Types.ObjectId;
  name?: string;
  email?: string;
  message: string;
  status: CommonGoodMessageStatus;
  created_at: Date;
  moderated_at?: Date;
  moderated_by?: string;
  /** Deleted by the retention sweep from here (domain/retention.ts messageExpiresAt). */
  expires_at: Date;
}

export type MessageModel = Model<MessageDoc>;

const messageSchema = new Schema<MessageDoc>(
  {
    name: { type: String, maxlength: VENUE_NAME_MAX },
    email: { type: String, maxlength: VENUE_EMAIL_MAX },
    message: { type: String, required: true, minlength: 1, maxlength: COMMON_GOOD_MESSAGE_MAX },
    status: { type: String, required: true, enum: COMMON_GOOD_MESSAGE_STATUSES },
    created_at: { type: Date, required: true },
    moderated_at: { type: Date },
    moderated_by: { type: String },
    expires_at: { type: Date, required: true },
  },
  { collection: MESSAGE_COLLECTION, versionKey: false, strict: 'throw' },
);
messageSchema.index({ status: 1, created_at: -1 });
messageSchema.index({ expires_at: 1 });

export function messageModel(connection: Connection): MessageModel {
  return (
    (connection.models.CommonGoodMessage as MessageModel | undefined) ??
    connection.model<MessageDoc>('CommonGoodMessage', messageSchema)
  );
}
