import type { Types } from 'mongoose';
import { CINEMA_HOLD_HOURS, type CinemaWaitlistEntry } from '@croft/contracts';
import type { Clock, Logger, Mailer } from '@croft/service-kit';
import type { CinemaModels, ScreeningDoc, WaitDoc } from '../data/cinema-models';
import { longDate } from './ticket-email';

/** The platform job that ends a hold nobody used (one per offer, keyed by the waiting-list entry). */
export const HOLD_EXPIRY_JOB = 'cinema-hold-expiry';

export interface WaitlistOptions {
  models: CinemaModels;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Schedules the hold's expiry (the kit's jobs: it runs once across every instance). */
  scheduleExpiry: (entryId: string, at: Date) => Promise<void>;
}

const HOLD_MS = CINEMA_HOLD_HOURS * 3_600_000;
const holdTime = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/**
 * The waiting list of a sold-out screening (issue 13): members join in order; seats that come back
 * (a cancellation, more seats) are offered in that order, each offer holding its seats for 12
 * hours (they move from tickets_left to tickets_held with one guarded update); an offer not taken
 * expires once (a platform job) and the seats go to the next member.
 */
export function createWaitlist(options: WaitlistOptions) {
  const { models, clock, logger, mailer } = options;

  async function view(entry: WaitDoc): Promise<CinemaWaitlistEntry> {
    const ahead =
      entry.state === 'waiting'
        ? await models.wait.countDocuments({
            screening_id: entry.screening_id,
            state: 'waiting',
            // In order of joining; the same instant is ordered by id, as offers are.
            $or: [{ created_at: { $lt: entry.created_at } }, { created_at: entry.created_at, _id: { $lt: entry._id } }],
          })
        : 0;
    return {
      id: String(entry._id),
      screening_id: String(entry.screening_id),
      quantity: entry.quantity,
      primary_name: entry.primary_name,
      guest_name: entry.guest_name,
      state: entry.state === 'offered' ? 'offered' : 'waiting',
      position: ahead + 1,
      hold_expires_at: entry.hold_expires_at ? entry.hold_expires_at.toISOString() : null,
      created_at: entry.created_at.toISOString(),
    };
  }

  /**
   * Offers the seats now on sale to the members waiting, in order: each offer moves its seats into
   * the hold (guarded: never more than are left), marks the entry offered (guarded: only a waiting
   * one) and emails the member. Stops when no one waiting fits what is left.
   */
  async function offer(screeningId: Types.ObjectId): Promise<void> {
    for (let guard = 0; guard < 100; guard++) {
      const screening = await models.screening.findById(screeningId).lean<ScreeningDoc>();
      if (!screening || screening.state !== 'on_sale' || screening.tickets_left === 0) return;
      const next = await models.wait
        .findOne({ screening_id: screeningId, state: 'waiting', quantity: { $lte: screening.tickets_left } })
        .sort({ created_at: 1, _id: 1 })
        .lean<WaitDoc>();
      if (!next) return;
      const held = await models.screening.findOneAndUpdate(
        { _id: screeningId, state: 'on_sale', tickets_left: { $gte: next.quantity } },
        { $inc: { tickets_left: -next.quantity, tickets_held: next.quantity } },
      );
      if (!held) continue;
      const now = clock.now();
      const expires = new Date(now.getTime() + HOLD_MS);
      const offered = await models.wait
        .findOneAndUpdate({ _id: next._id, state: 'waiting' }, { $set: { state: 'offered', offered_at: now, hold_expires_at: expires } }, { returnDocument: 'after' })
        .lean<WaitDoc>();
      if (!offered) {
        // They left meanwhile: the seats go back on sale, and the loop offers them on.
        await models.screening.updateOne({ _id: screeningId }, { $inc: { tickets_left: next.quantity, tickets_held: -next.quantity } });
        continue;
      }
      await options.scheduleExpiry(String(offered._id), expires);
      try {
        await mailer.send({
          to: offered.email,
          subject: `Seats for Secret Cinema on ${longDate(screening.screening_date)} are yours to book`,
          text:
            `Hello ${offered.primary_name},\n\n${offered.quantity === 1 ? 'A seat' : `${offered.quantity} seats`} came back for ${screening.title} on ${longDate(screening.screening_date)}, and you are next on the waiting list.\n` +
            `We are holding ${offered.quantity === 1 ? 'it' : 'them'} for you until ${holdTime.format(expires)}. Draw the 7 on the Hall page and book as usual.\n\nCroft Common\n`,
        });
      } catch (error) {
        logger.error({ err: error, entry: String(offered._id) }, 'waiting-list offer email failed; the hold stands (the member sees it on the Hall page)');
      }
    }
  }

  return {
    view,
    offer,

    /** The member's live place for a screening (waiting or offered). */
    async entryOf(userId: string, screeningId: Types.ObjectId): Promise<WaitDoc | null> {
      return models.wait.findOne({ screening_id: screeningId, user_id: userId, live: true }).lean<WaitDoc>();
    },

    /** Ends a hold not taken in time (the job): the entry expires once, its seats are offered on. */
    async expire(entryId: string): Promise<void> {
      const expired = await models.wait
        .findOneAndUpdate({ _id: entryId, state: 'offered', hold_expires_at: { $lte: clock.now() } }, { $set: { state: 'expired', live: false } })
        .lean<WaitDoc>();
      if (!expired) return;
      await models.screening.updateOne({ _id: expired.screening_id }, { $inc: { tickets_held: -expired.quantity, tickets_left: expired.quantity } });
      await offer(expired.screening_id);
    },

    /** A member leaves the list; seats held for them go to the next member. */
    async leave(entry: WaitDoc): Promise<boolean> {
      const left = await models.wait.findOneAndUpdate({ _id: entry._id, live: true }, { $set: { state: 'left', live: false } }).lean<WaitDoc>();
      if (!left) return false;
      if (left.state === 'offered') {
        await models.screening.updateOne({ _id: left.screening_id }, { $inc: { tickets_held: -left.quantity, tickets_left: left.quantity } });
        await offer(left.screening_id);
      }
      return true;
    },
  };
}

export type Waitlist = ReturnType<typeof createWaitlist>;
