import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/**
 * A fixed ObjectId for a seeded row, derived from its natural key. Seeds upsert on the natural
 * key with this id in `$setOnInsert`, so two processes seeding at the same moment collide on
 * `_id` (a duplicate-key error we ignore) instead of inserting the row twice, even for
 * collections that cannot have a unique index on the natural key (drafts share it).
 */
export function seedObjectId(...parts: string[]): Types.ObjectId {
  return new Types.ObjectId(createHash('sha1').update(parts.join('\u0000')).digest().subarray(0, 12));
}
