import type { NewsletterInterest } from '@croft/contracts';
import {
  CONSENT_HISTORY_LIMIT,
  type ConsentRecord,
  type Subscriber,
  type SubscriberModel,
} from './subscriber-model';

export interface SubscriberUpsert {
  /** Already lower-cased. */
  email: string;
  name: string;
  phone?: string;
  birthday?: string;
  interests?: NewsletterInterest[];
  consent: ConsentRecord;
  unsubscribeTokenHash: string;
  now: Date;
}

export type UpsertOutcome = 'subscribed' | 'updated' | 'resubscribed';

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * Creates or updates the subscriber for `email` in one atomic `findOneAndUpdate` upsert on the
 * unique email index, so concurrent subscribes of one address never make two documents.
 * Given fields replace the stored ones; optional fields left out keep their stored value.
 * The consent is recorded as the current one and appended to a capped history.
 */
export async function upsertSubscriber(model: SubscriberModel, input: SubscriberUpsert): Promise<UpsertOutcome> {
  const set: Partial<Subscriber> = {
    name: input.name,
    status: 'active',
    consent: input.consent,
    unsubscribe_token_hash: input.unsubscribeTokenHash,
    updated_at: input.now,
  };
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.birthday !== undefined) set.birthday = input.birthday;
  if (input.interests !== undefined) set.interests = input.interests;
  const setOnInsert: Partial<Subscriber> = { created_at: input.now };
  if (input.interests === undefined) setOnInsert.interests = [];

  const update = {
    $set: set,
    $setOnInsert: setOnInsert,
    $unset: { unsubscribed_at: 1 as const },
    $push: { consent_history: { $each: [input.consent], $slice: -CONSENT_HISTORY_LIMIT } },
  };

  // With a real replica set, two upserts racing on a new address can both try to insert; the
  // unique index refuses the second, which then finds the first's document and updates it.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const before = await model
        .findOneAndUpdate({ email: input.email }, update, {
          upsert: true,
          returnDocument: 'before',
          runValidators: true,
          setDefaultsOnInsert: false,
        })
        .lean();
      if (!before) return 'subscribed';
      return before.status === 'unsubscribed' ? 'resubscribed' : 'updated';
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= 2) throw error;
    }
  }
}

/**
 * Marks the subscriber holding `tokenHash` unsubscribed. Idempotent: an address that already
 * unsubscribed with this token stays unsubscribed (its first unsubscribed_at is kept).
 * Returns false when no subscriber holds the token.
 */
export async function unsubscribeByTokenHash(model: SubscriberModel, tokenHash: string, now: Date): Promise<boolean> {
  const result = await model.updateOne(
    { unsubscribe_token_hash: tokenHash, status: 'active' },
    { $set: { status: 'unsubscribed', unsubscribed_at: now, updated_at: now } },
  );
  if (result.matchedCount > 0) return true;
  return (await model.exists({ unsubscribe_token_hash: tokenHash })) !== null;
}

export async function isActiveEmail(model: SubscriberModel, email: string): Promise<boolean> {
  return (await model.exists({ email, status: 'active' })) !== null;
}

/**
 * Active subscribers per interest, for the interests any active subscriber holds: one aggregation
 * over the `{ status, interests }` index (a subscriber counts once in each interest they ticked;
 * the contract refuses repeated interests, and the second `$group` makes sure anyway).
 */
export async function countActiveByInterest(model: SubscriberModel): Promise<Map<string, number>> {
  const rows = await model.aggregate<{ _id: string; members: number }>([
    { $match: { status: 'active' } },
    { $project: { _id: 1, interests: 1 } },
    { $unwind: '$interests' },
    { $group: { _id: { subscriber: '$_id', interest: '$interests' } } },
    { $group: { _id: '$_id.interest', members: { $sum: 1 } } },
  ]);
  return new Map(rows.map((row) => [row._id, row.members]));
}
