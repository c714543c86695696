import { Types } from 'mongoose';
import {
  LOYALTY_PHOTO_URL_SECONDS,
  type AddLoyaltyEntryResponse,
  type Actor,
  type LoyaltyCard,
  type LoyaltyCardView,
  type LoyaltyEntry,
  type LoyaltyEntryKind,
  type PastLoyaltyCard,
  type StaffLoyaltyLookupResponse,
  type StartLoyaltyCardResponse,
} from '@croft/contracts';
import type { AuditLog, BlobStore, Clock, Logger } from '@croft/service-kit';
import type { CardStore } from '../data/card-store';
import type { LoyaltyCardDoc, LoyaltyEntryDoc } from '../data/loyalty-models';
import { isComplete, refuseEntry, type EntryRefusal } from '@croft/contracts';
import { isSamePhoto, processPhoto, type PhotoRefusal } from './photos';

/**
 * The loyalty card's work, without HTTP: outcomes are values (the contract's error codes) and the
 * routes map them to statuses. Nothing is lost on a failure path: a photo is stored before its
 * entry is written and removed again if the entry cannot be; the daily slot taken for an upload
 * is given back when the upload does not land.
 */

export interface Member {
  id: string;
  email: string;
}

export type StartRefusal = 'not_subscriber' | 'membership_unavailable';
export type AddRefusal =
  | StartRefusal
  | EntryRefusal
  | PhotoRefusal
  | 'card_not_found'
  | 'box_taken'
  | 'duplicate_photo'
  | 'daily_limit'
  | 'storage_unavailable';

export interface LoyaltyOptions {
  store: CardStore;
  blobs: BlobStore;
  /** A signed /blobs URL for a key, valid `seconds`. */
  signUrl: (key: string, seconds: number) => string;
  isActiveSubscriber: (email: string) => Promise<boolean>;
  audit: AuditLog;
  clock: Clock;
  logger: Logger;
  /** Photos one member may add per Europe/London day. */
  dailyCap: number;
}

export interface Loyalty {
  view(member: Member): Promise<LoyaltyCardView>;
  start(member: Member): Promise<StartLoyaltyCardResponse | StartRefusal>;
  addEntry(member: Member, cardId: string, index: number, kind: LoyaltyEntryKind, photo: Buffer | undefined): Promise<AddLoyaltyEntryResponse | AddRefusal>;
  deleteEntry(member: Member, entryId: string): Promise<{ card: LoyaltyCard } | 'entry_not_found'>;
  staffLookup(email: string): Promise<StaffLoyaltyLookupResponse | 'member_not_found'>;
  staffVoid(actor: Actor, entryId: string, reason: string): Promise<'voided' | 'entry_not_found'>;
  /**
   * Staff analytics (capability loyaltyStats): punch photos and reward photos (a free coffee, on a
   * regular card's box 7 or any box of a Lucky #7 card) added in [from, to) that are still on their
   * card. A photo staff voided, or the member deleted from an open card, does not count.
   */
  stats(window: { from: Date; to: Date }): Promise<{ punches: number; rewards: number }>;
}

/** YYYY-MM-DD of an instant in Europe/London. */
export function londonDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const DAY_MS = 86_400_000;

export function toCard(doc: LoyaltyCardDoc): LoyaltyCard {
  return {
    id: doc._id.toHexString(),
    card_type: doc.card_type,
    punches_required: doc.punches_required,
    rewards_required: doc.rewards_required,
    punches_count: doc.punches_count,
    rewards_count: doc.rewards_count,
    is_complete: doc.is_complete,
    created_at: doc.created_at.toISOString(),
    completed_at: doc.completed_at ? doc.completed_at.toISOString() : null,
  };
}

/** Blob keys are path segments of letters, digits, '.', '_' and '-': a user id is made to fit. */
const segment = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || '_';

export function createLoyalty(options: LoyaltyOptions): Loyalty {
  const { store, blobs, clock, logger, audit } = options;

  function toEntry(doc: LoyaltyEntryDoc): LoyaltyEntry {
    return {
      id: doc._id.toHexString(),
      card_id: doc.card_id.toHexString(),
      index: doc.index,
      kind: doc.kind,
      created_at: doc.created_at.toISOString(),
      signedUrl: options.signUrl(doc.image_url, LOYALTY_PHOTO_URL_SECONDS),
      thumbUrl: options.signUrl(doc.thumb_url, LOYALTY_PHOTO_URL_SECONDS),
    };
  }

  async function membership(member: Member): Promise<StartRefusal | null> {
    try {
      return (await options.isActiveSubscriber(member.email)) ? null : 'not_subscriber';
    } catch (error) {
      logger.warn({ err: error }, 'membership check failed');
      return 'membership_unavailable';
    }
  }

  async function removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await blobs.delete(key);
      } catch (error) {
        // The file is unreachable without an entry (no signed URL names it); log it for a sweep.
        logger.error({ err: error, key }, 'loyalty photo could not be deleted');
      }
    }
  }

  return {
    async view(member) {
      const cards = await store.cardsOf(member.id);
      const open = cards.find((card) => !card.is_complete) ?? null;
      const completed = cards.filter((card) => card.is_complete);
      const entries = await store.entriesOf(cards.map((card) => card._id));
      const counts = new Map<string, number>();
      for (const entry of entries) counts.set(entry.card_id.toHexString(), (counts.get(entry.card_id.toHexString()) ?? 0) + 1);
      const past: PastLoyaltyCard[] = completed
        .sort((a, b) => (b.completed_at?.getTime() ?? 0) - (a.completed_at?.getTime() ?? 0))
        .map((card) => ({
          id: card._id.toHexString(),
          card_type: card.card_type,
          created_at: card.created_at.toISOString(),
          completed_at: (card.completed_at ?? card.created_at).toISOString(),
          entries: counts.get(card._id.toHexString()) ?? 0,
        }));
      return {
        card: open ? toCard(open) : null,
        entries: open ? entries.filter((entry) => entry.card_id.equals(open._id)).map(toEntry) : [],
        past,
      };
    },

    async start(member) {
      const existing = await store.openCard(member.id);
      if (existing) return { card: toCard(existing), created: false };
      const refusal = await membership(member);
      if (refusal) return refusal;
      const { card, created } = await store.startCard(member, clock.now());
      return { card: toCard(card), created };
    },

    async addEntry(member, cardId, index, kind, photo) {
      const card = Types.ObjectId.isValid(cardId) ? await store.openCard(member.id) : null;
      if (!card || card._id.toHexString() !== cardId) return 'card_not_found';
      const refusal = refuseEntry(card, index, kind);
      if (refusal) return refusal;
      const notMember = await membership(member);
      if (notMember) return notMember;
      const existing = await store.entriesOf([card._id]);
      if (existing.some((entry) => entry.index === index)) return 'box_taken';

      const processed = await processPhoto(photo);
      if (typeof processed === 'string') return processed;
      if (existing.some((entry) => isSamePhoto(entry.phash, processed.phash))) return 'duplicate_photo';

      const now = clock.now();
      const day = londonDay(now);
      if (!(await store.takeDailySlot(member.id, day, options.dailyCap, new Date(now.getTime() + 3 * DAY_MS)))) return 'daily_limit';
      const giveBack = () => store.releaseDailySlot(member.id, day).catch((error: unknown) => logger.warn({ err: error }, 'daily slot not given back'));

      // user / card / box-timestamp (spec 001 §7), never overwriting.
      const stem = `loyalty/${segment(member.id)}/${card._id.toHexString()}/${index}-${now.getTime()}-${new Types.ObjectId().toHexString().slice(-6)}`;
      const keys = { photo: `${stem}.webp`, thumb: `${stem}-thumb.webp` };
      try {
        await blobs.put(keys.photo, processed.photo, { contentType: 'image/webp', cacheControl: 'private, max-age=3600', ifNoneMatch: '*' });
        await blobs.put(keys.thumb, processed.thumb, { contentType: 'image/webp', cacheControl: 'private, max-age=3600', ifNoneMatch: '*' });
      } catch (error) {
        logger.error({ err: error }, 'loyalty photo could not be stored');
        await removeFiles([keys.photo, keys.thumb]);
        await giveBack();
        return 'storage_unavailable';
      }

      let inserted: LoyaltyEntryDoc | 'box_taken';
      try {
        inserted = await store.insertEntry({
          card_id: card._id,
          user_id: member.id,
          index,
          kind,
          image_url: keys.photo,
          thumb_url: keys.thumb,
          phash: processed.phash,
          created_at: now,
        });
      } catch (error) {
        await removeFiles([keys.photo, keys.thumb]);
        await giveBack();
        throw error;
      }
      if (inserted === 'box_taken') {
        await removeFiles([keys.photo, keys.thumb]);
        await giveBack();
        return 'box_taken';
      }

      const counted = await store.countEntry(card, kind);
      if (!counted) {
        // The card completed or lost a punch since it was read: undo this entry.
        await store.removeEntry(inserted._id);
        await removeFiles([keys.photo, keys.thumb]);
        await giveBack();
        const now2 = await store.card(card._id);
        return !now2 || now2.is_complete ? 'card_not_found' : 'not_unlocked';
      }

      let completed = false;
      let nextCard: LoyaltyCard | null = null;
      let current = counted;
      if (isComplete(counted)) {
        const done = await store.complete(counted._id, now);
        if (done) {
          completed = true;
          current = done;
          try {
            nextCard = toCard((await store.startCard(member, now)).card);
          } catch (error) {
            // The member's next GET/POST makes it ('Next card not created' if that fails too).
            logger.error({ err: error }, 'next loyalty card not created');
          }
        }
      }
      return { entry: toEntry(inserted), card: toCard(current), completed, next_card: nextCard };
    },

    async deleteEntry(member, entryId) {
      const entry = await store.entry(entryId);
      if (!entry || entry.user_id !== member.id) return 'entry_not_found';
      const open = await store.openCard(member.id);
      // Photos of completed cards stay: their coffee has been had.
      if (!open || !open._id.equals(entry.card_id)) return 'entry_not_found';
      const removed = await store.removeEntry(entry._id);
      if (!removed) return 'entry_not_found';
      const card = (await store.uncountEntry(removed)) ?? (await store.card(removed.card_id));
      await removeFiles([removed.image_url, removed.thumb_url]);
      if (!card) return 'entry_not_found';
      return { card: toCard(card) };
    },

    async staffLookup(email) {
      const cards = await store.cardsByEmail(email);
      if (cards.length === 0) return 'member_not_found';
      const entries = await store.entriesOf(cards.map((card) => card._id));
      return {
        email: email.toLowerCase(),
        cards: cards.map((card) => ({
          card: toCard(card),
          entries: entries.filter((entry) => entry.card_id.equals(card._id)).map(toEntry),
        })),
      };
    },

    async staffVoid(actor, entryId, reason) {
      const entry = await store.entry(entryId);
      if (!entry) return 'entry_not_found';
      const removed = await store.removeEntry(entry._id);
      if (!removed) return 'entry_not_found';
      const before = await store.card(removed.card_id);
      // An open card loses the count; a completed card stays completed (its reward was given).
      const after = before && !before.is_complete ? await store.uncountEntry(removed) : before;
      await removeFiles([removed.image_url, removed.thumb_url]);
      const counts = (c: LoyaltyCardDoc | null) => (c ? `punches ${c.punches_count}, rewards ${c.rewards_count}` : 'card gone');
      await audit.record({
        actor,
        action: 'loyalty.entry_voided',
        target: `${before?.email ?? 'unknown'}/card ${removed.card_id.toHexString()}/box ${removed.index}`,
        detail: `${removed.kind} photo voided: ${reason} (before: ${counts(before)}; after: ${counts(after)})`.slice(0, 500),
      });
      return 'voided';
    },

    async stats({ from, to }) {
      if (!(from < to)) return { punches: 0, rewards: 0 };
      const counts = await store.entryCountsBetween(from, to);
      return { punches: counts.punch, rewards: counts.reward };
    },
  };
}
