import type { Types } from 'mongoose';
import type { CommonGoodMessage, CommonGoodMessageStatus } from '@croft/contracts';
import type { Clock } from '@croft/service-kit';
import { VenueError } from './errors';
import type { MessageDoc, MessageModel } from '../data/message-model';
import { messageExpiresAt } from './retention';

export interface NewMessage {
  name?: string;
  email?: string;
  message: string;
}

export interface CommonGoodMessages {
  submit(input: NewMessage): Promise<{ id: string; status: 'pending' }>;
  list(options: { status?: CommonGoodMessageStatus; limit: number }): Promise<CommonGoodMessage[]>;
  /** 404 not_found for an unknown id. */
  moderate(id: string, status: 'approved' | 'rejected', by: string): Promise<CommonGoodMessage>;
}

function toMessage(doc: MessageDoc): CommonGoodMessage {
  return {
    id: doc._id.toHexString(),
    ...(doc.name ? { name: doc.name } : {}),
    ...(doc.email ? { email: doc.email } : {}),
    message: doc.message,
    status: doc.status,
    created_at: doc.created_at.toISOString(),
    ...(doc.moderated_at ? { moderated_at: doc.moderated_at.toISOString() } : {}),
    ...(doc.moderated_by ? { moderated_by: doc.moderated_by } : {}),
  };
}

export function createCommonGoodMessages(options: { model: MessageModel; clock: Clock }): CommonGoodMessages {
  const { model, clock } = options;
  return {
    async submit(input) {
      const name = input.name?.trim();
      const email = input.email?.trim().toLowerCase();
      const now = clock.now();
      const doc = await model.create({
        ...(name ? { name } : {}),
        ...(email ? { email } : {}),
        message: input.message,
        status: 'pending',
        created_at: now,
        expires_at: messageExpiresAt(now, 'pending'),
      });
      return { id: (doc._id as Types.ObjectId).toHexString(), status: 'pending' };
    },

    async list({ status, limit }) {
      const docs = await model
        .find(status ? { status } : {})
        .sort({ created_at: -1 })
        .limit(limit)
        .lean();
      return docs.map(toMessage);
    },

    async moderate(id, status, by) {
      const existing = await model.findById(id, { created_at: 1 }).lean();
      if (!existing) throw new VenueError('message_not_found', 'No message with this id.');
      // Published: kept 12 months; rejected: deleted 30 days after it was sent (privacy notice).
      const expires_at = messageExpiresAt(existing.created_at, status);
      const doc = await model
        .findOneAndUpdate(
          { _id: id },
          { $set: { status, moderated_at: clock.now(), moderated_by: by, expires_at } },
          { returnDocument: 'after' },
        )
        .lean();
      if (!doc) throw new VenueError('message_not_found', 'No message with this id.');
      return toMessage(doc);
    },
  };
}
