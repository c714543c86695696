import { Types } from 'mongoose';
import type { LoyaltyEntryKind } from '@croft/contracts';
import { nextCardType, requirementsOf } from '@croft/contracts';
import type { LoyaltyCardDoc, LoyaltyEntryDoc, LoyaltyModels } from './loyalty-models';

/**
 * The loyalty store: every change that guards something scarce (a box, a count, the one open card,
 * the daily cap) is one guarded update or a unique index, never a read then a write.
 */
export interface CardStore {
  openCard(userId: string): Promise<LoyaltyCardDoc | null>;
  /** The member's cards, newest first. */
  cardsOf(userId: string): Promise<LoyaltyCardDoc[]>;
  cardsByEmail(email: string): Promise<LoyaltyCardDoc[]>;
  entriesOf(cardIds: readonly Types.ObjectId[]): Promise<LoyaltyEntryDoc[]>;
  entry(id: string): Promise<LoyaltyEntryDoc | null>;
  /** The member's open card, made now (regular or lucky7 by the rule) when they have none. */
  startCard(user: { id: string; email: string }, now: Date): Promise<{ card: LoyaltyCardDoc; created: boolean }>;
  /** One more photo today, if the member is under the cap; false when the cap is reached. */
  takeDailySlot(userId: string, day: string, cap: number, expiresAt: Date): Promise<boolean>;
  releaseDailySlot(userId: string, day: string): Promise<void>;
  /** The entry in its box, or 'box_taken' when the box already holds a photo. */
  insertEntry(entry: Omit<LoyaltyEntryDoc, '_id'>): Promise<LoyaltyEntryDoc | 'box_taken'>;
  /**
   * Counts a new entry on its open card, guarded so counts never pass what the card needs and a
   * reward on a regular card only counts once the punches are all there. Null when the guard fails
   * (the card completed, or lost a punch meanwhile).
   */
  countEntry(card: LoyaltyCardDoc, kind: LoyaltyEntryKind): Promise<LoyaltyCardDoc | null>;
  /** Marks the card complete if its counts say so; only one caller gets the card back. */
  complete(cardId: Types.ObjectId, now: Date): Promise<LoyaltyCardDoc | null>;
  /** Removes an entry; only the caller that removed it gets it back (then uncount it). */
  removeEntry(id: Types.ObjectId): Promise<LoyaltyEntryDoc | null>;
  /** Takes a removed entry off its card's counts; an open card stays open, the card is incomplete again. */
  uncountEntry(entry: LoyaltyEntryDoc): Promise<LoyaltyCardDoc | null>;
  /** Removes a card that was never used (for failure paths in tests and the start race). */
  card(id: Types.ObjectId): Promise<LoyaltyCardDoc | null>;
  /**
   * Entries that are on a card now and were added in [from, to), by kind (staff analytics). Voided
   * and deleted entries are removed from the collection, so they are not counted.
   */
  entryCountsBetween(from: Date, to: Date): Promise<Record<LoyaltyEntryKind, number>>;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export function createCardStore(models: LoyaltyModels): CardStore {
  const { card: Card, entry: Entry, daily: Daily } = models;

  return {
    openCard: (userId) => Card.findOne({ user_id: userId, is_complete: false }).lean<LoyaltyCardDoc>().exec(),

    cardsOf: (userId) => Card.find({ user_id: userId }).sort({ created_at: -1, _id: -1 }).lean<LoyaltyCardDoc[]>().exec(),

    cardsByEmail: (email) => Card.find({ email: email.toLowerCase() }).sort({ created_at: -1, _id: -1 }).lean<LoyaltyCardDoc[]>().exec(),

    entriesOf: (cardIds) =>
      cardIds.length === 0
        ? Promise.resolve([])
        : Entry.find({ card_id: { $in: [...cardIds] } }).sort({ index: 1, _id: 1 }).lean<LoyaltyEntryDoc[]>().exec(),

    entry: (id) => (Types.ObjectId.isValid(id) ? Entry.findById(id).lean<LoyaltyEntryDoc>().exec() : Promise.resolve(null)),

    card: (id) => Card.findById(id).lean<LoyaltyCardDoc>().exec(),

    async startCard(user, now) {
      const open = await Card.findOne({ user_id: user.id, is_complete: false }).lean<LoyaltyCardDoc>();
      if (open) return { card: open, created: false };
      const [last] = await Card.find({ user_id: user.id, is_complete: true }).sort({ completed_at: -1, _id: -1 }).limit(1).lean<LoyaltyCardDoc[]>();
      const completedRegular = await Card.countDocuments({ user_id: user.id, is_complete: true, card_type: 'regular' });
      const type = nextCardType(last?.card_type ?? null, completedRegular);
      try {
        const created = await Card.create({
          user_id: user.id,
          email: user.email,
          card_type: type,
          ...requirementsOf(type),
          punches_count: 0,
          rewards_count: 0,
          is_complete: false,
          created_at: now,
          completed_at: null,
        });
        return { card: created.toObject(), created: true };
      } catch (error) {
        // Another request made the member's open card first (one_open_card): use it.
        if (!isDuplicateKey(error)) throw error;
        const winner = await Card.findOne({ user_id: user.id, is_complete: false }).lean<LoyaltyCardDoc>();
        if (!winner) throw error;
        return { card: winner, created: false };
      }
    },

    async takeDailySlot(userId, day, cap, expiresAt) {
      try {
        const doc = await Daily.findOneAndUpdate(
          { user_id: userId, day, count: { $lt: cap } },
          { $inc: { count: 1 }, $setOnInsert: { expires_at: expiresAt } },
          { upsert: true, returnDocument: 'after' },
        ).lean();
        return doc !== null;
      } catch (error) {
        // The day's document exists at the cap: the guarded upsert tried to insert a second one.
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },

    async releaseDailySlot(userId, day) {
      await Daily.updateOne({ user_id: userId, day, count: { $gt: 0 } }, { $inc: { count: -1 } });
    },

    async insertEntry(entry) {
      try {
        const created = await Entry.create(entry);
        return created.toObject();
      } catch (error) {
        if (isDuplicateKey(error)) return 'box_taken';
        throw error;
      }
    },

    countEntry(card, kind) {
      const guard: Record<string, unknown> = { _id: card._id, is_complete: false };
      if (kind === 'punch') guard.punches_count = { $lt: card.punches_required };
      else {
        guard.rewards_count = { $lt: card.rewards_required };
        // A regular card's reward needs every punch (spec: 'Not unlocked yet').
        if (card.punches_required > 0) guard.punches_count = { $gte: card.punches_required };
      }
      return Card.findOneAndUpdate(guard, { $inc: kind === 'punch' ? { punches_count: 1 } : { rewards_count: 1 } }, { returnDocument: 'after' })
        .lean<LoyaltyCardDoc>()
        .exec();
    },

    async complete(cardId, now) {
      const card = await Card.findById(cardId).lean<LoyaltyCardDoc>();
      if (!card || card.is_complete) return null;
      return Card.findOneAndUpdate(
        {
          _id: cardId,
          is_complete: false,
          punches_count: { $gte: card.punches_required },
          rewards_count: { $gte: card.rewards_required },
        },
        { $set: { is_complete: true, completed_at: now } },
        { returnDocument: 'after' },
      )
        .lean<LoyaltyCardDoc>()
        .exec();
    },

    removeEntry: (id) => Entry.findOneAndDelete({ _id: id }).lean<LoyaltyEntryDoc>().exec(),

    uncountEntry(entry) {
      const field = entry.kind === 'punch' ? 'punches_count' : 'rewards_count';
      return Card.findOneAndUpdate(
        { _id: entry.card_id, [field]: { $gt: 0 } },
        { $inc: { [field]: -1 } },
        { returnDocument: 'after' },
      )
        .lean<LoyaltyCardDoc>()
        .exec();
    },

    async entryCountsBetween(from, to) {
      // One $match on the { created_at, kind } index, then one count per kind.
      const rows = await Entry.aggregate<{ _id: LoyaltyEntryKind; n: number }>([
        { $match: { created_at: { $gte: from, $lt: to } } },
        { $group: { _id: '$kind', n: { $sum: 1 } } },
      ]);
      const counts: Record<LoyaltyEntryKind, number> = { punch: 0, reward: 0 };
      for (const row of rows) counts[row._id] = row.n;
      return counts;
    },
  };
}
