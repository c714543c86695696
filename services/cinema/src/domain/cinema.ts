import { Types } from 'mongoose';
import {
  CINEMA_CANCEL_CUTOFF_HOURS,
  CINEMA_DEFAULT_DOORS,
  CINEMA_DEFAULT_SCREENING,
  CINEMA_DEFAULT_TITLE,
  CINEMA_TICKETS_PER_MONTH,
  lastThursdayOf,
  type CinemaBooking,
  type CinemaMemberView,
  type CinemaStatus,
  type CinemaTicketEmailPayload,
  type CreateCinemaBookingResponse,
} from '@croft/contracts';
import type { Clock, Logger, Mailer } from '@croft/service-kit';
import type { BookingDoc, CinemaModels, ScreeningDoc } from '../data/cinema-models';
import { londonInstant, londonParts, nextMonth, releaseIdOf } from './london-time';
import { readTicketQr, ticketQr } from './qr-token';
import { ticketEmail } from './ticket-email';
import { createWaitlist } from './waitlist';

/** The signed-in member (from their access token). */
export interface Member {
  id: string;
  email: string;
}

export interface BookingInput {
  screening_id: string;
  primary_name: string;
  guest_name?: string | null;
  quantity: 1 | 2;
}

/** A refusal's code: its words and status are in the contract (CINEMA_ERROR_MESSAGES, the endpoints). */
export type CinemaRefusal =
  | 'not_subscriber'
  | 'membership_unavailable'
  | 'screening_not_found'
  | 'not_on_sale'
  | 'screening_cancelled'
  | 'sold_out'
  | 'only_one_left'
  | 'already_booked'
  | 'guest_name_required'
  | 'guest_name_not_allowed'
  | 'booking_not_found'
  | 'too_late_to_cancel'
  | 'email_failed'
  | 'not_sold_out'
  | 'already_waiting'
  | 'not_waiting';

export interface CinemaOptions {
  models: CinemaModels;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Live membership from the newsletter service. */
  isActiveSubscriber: (email: string) => Promise<boolean>;
  /** Signs the tickets' QR codes. */
  qrSecret: string;
  /** Tickets a new screening has (default 50, spec 001 §9). */
  capacity?: number;
  /** Schedules a waiting-list hold's expiry (the kit's jobs); none: holds never expire (tests of other things). */
  scheduleExpiry?: (entryId: string, at: Date) => Promise<void>;
}

const DUPLICATE_KEY = 11000;
const isDuplicate = (error: unknown) => (error as { code?: number } | null)?.code === DUPLICATE_KEY;

/**
 * Secret Cinema's rules (spec 001 §4/§5/§9, issue 13): which screening is on sale, booking 1 or 2
 * tickets exactly once per member with sequential numbers that are never issued twice, the ticket
 * email (a failure never loses the booking), resend, and cancelling up to 24 h before doors.
 */
export function createCinema(options: CinemaOptions) {
  const { models, clock, logger, mailer } = options;
  const capacity = options.capacity ?? CINEMA_TICKETS_PER_MONTH;
  const waitlist = createWaitlist({ models, clock, logger, mailer, scheduleExpiry: options.scheduleExpiry ?? (async () => undefined) });

  /** When a screening's doors open (London time). */
  const doorsAt = (s: Pick<ScreeningDoc, 'screening_date' | 'doors_time'>) => londonInstant(s.screening_date, s.doors_time);

  /** A month's screening, made on first use (two instances racing make one: the unique release_id). */
  async function screeningOf(year: number, month: number): Promise<ScreeningDoc> {
    const release_id = releaseIdOf(year, month);
    // Read first: the month's screening exists after its first read, and a read costs the store
    // far less than an upsert on every request of a rush.
    const existing = await models.screening.findOne({ release_id }).lean<ScreeningDoc>();
    if (existing) return existing;
    const now = clock.now();
    return (await models.screening
      .findOneAndUpdate(
        { release_id },
        {
          $setOnInsert: {
            release_id,
            screening_date: lastThursdayOf(year, month),
            title: CINEMA_DEFAULT_TITLE,
            doors_time: CINEMA_DEFAULT_DOORS,
            screening_time: CINEMA_DEFAULT_SCREENING,
            capacity,
            tickets_left: capacity,
            tickets_held: 0,
            next_ticket_number: 1,
            state: 'on_sale',
            cancel_reason: null,
            version: 1,
            created_at: now,
            updated_at: now,
          },
        },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<ScreeningDoc>()
      .catch(async (error: unknown) => {
        // The other instance inserted it between our look and our insert: read theirs.
        if (!isDuplicate(error)) throw error;
        return models.screening.findOne({ release_id }).lean<ScreeningDoc>();
      }))!;
  }

  /** The screening on sale now: this month's until its doors open, then next month's. */
  async function currentScreening(): Promise<ScreeningDoc> {
    const { year, month } = londonParts(clock.now());
    const thisMonth = await screeningOf(year, month);
    if (clock.now() < doorsAt(thisMonth)) return thisMonth;
    const next = nextMonth(year, month);
    return screeningOf(next.year, next.month);
  }

  const statusOf = (s: ScreeningDoc): CinemaStatus => ({
    screening_id: String(s._id),
    release_id: s.release_id,
    screening_date: s.screening_date,
    doors_time: s.doors_time,
    screening_time: s.screening_time,
    tickets_left: s.state === 'on_sale' ? s.tickets_left : 0,
    is_sold_out: s.state !== 'on_sale' || s.tickets_left === 0,
    title: s.title,
    state: s.state,
  });

  const bookingOf = (b: BookingDoc, s: ScreeningDoc): CinemaBooking => ({
    id: String(b._id),
    screening_id: String(b.screening_id),
    release_id: s.release_id,
    primary_name: b.primary_name,
    guest_name: b.guest_name,
    quantity: b.quantity,
    ticket_numbers: [...b.ticket_numbers],
    created_at: b.created_at.toISOString(),
    email_sent_at: b.email_sent_at ? b.email_sent_at.toISOString() : null,
    cancellable_until: new Date(doorsAt(s).getTime() - CINEMA_CANCEL_CUTOFF_HOURS * 3_600_000).toISOString(),
  });

  const payloadOf = (b: BookingDoc, s: ScreeningDoc): CinemaTicketEmailPayload => ({
    toEmail: b.email,
    primaryName: b.primary_name,
    guestName: b.guest_name,
    quantity: b.quantity,
    ticketNumbers: [...b.ticket_numbers],
    screeningDate: s.screening_date,
    doorsTime: s.doors_time,
    screeningTime: s.screening_time,
    title: s.title,
  });

  /** Sends the ticket email; true when it went (and is recorded on the booking). */
  async function sendTickets(b: BookingDoc, s: ScreeningDoc): Promise<boolean> {
    try {
      const qr = b.ticket_numbers.map((n) => ticketQr(options.qrSecret, String(s._id), n));
      await mailer.send(await ticketEmail({ payload: payloadOf(b, s), bookingId: String(b._id), qr, now: clock.now() }));
    } catch (error) {
      logger.error({ err: error, booking: String(b._id) }, 'cinema ticket email failed; the booking stands (Resend)');
      return false;
    }
    await models.booking.updateOne({ _id: b._id }, { $set: { email_sent_at: clock.now() } });
    return true;
  }

  /** Live membership: a failing lookup is 503, never a silent yes. */
  async function isMember(email: string): Promise<boolean | 'unavailable'> {
    try {
      return await options.isActiveSubscriber(email);
    } catch (error) {
      logger.warn({ err: error }, 'membership lookup failed');
      return 'unavailable';
    }
  }

  async function liveBooking(member: Member, screeningId: Types.ObjectId) {
    return models.booking.findOne({ screening_id: screeningId, user_id: member.id, live: true, state: 'confirmed' }).lean<BookingDoc>();
  }

  /** Seats came back (a cancellation, a larger capacity): the waiting list is offered them first. */
  async function ticketsReturned(screeningId: Types.ObjectId, _count: number) {
    await waitlist.offer(screeningId);
  }

  /** The checks a booking and a place on the waiting list share: the guest rule and the screening named. */
  async function screeningFor(input: BookingInput): Promise<ScreeningDoc | CinemaRefusal> {
    const guest = input.guest_name?.trim() || null;
    if (input.quantity === 2 && !guest) return 'guest_name_required';
    if (input.quantity === 1 && guest) return 'guest_name_not_allowed';
    const screening = await currentScreening();
    if (String(screening._id) !== input.screening_id) {
      return (await models.screening.exists({ _id: input.screening_id })) ? 'not_on_sale' : 'screening_not_found';
    }
    if (screening.state === 'cancelled') return 'screening_cancelled';
    return screening;
  }

  return {
    currentScreening,
    statusOf,
    ticketsReturned,
    waitlist,

    /** get_cinema_status. */
    async status(): Promise<CinemaStatus> {
      return statusOf(await currentScreening());
    },

    /** The member's booking for the screening on sale (the waiting list comes with its issue slice). */
    async memberView(member: Member): Promise<CinemaMemberView> {
      const screening = await currentScreening();
      const booking = await liveBooking(member, screening._id);
      const entry = booking ? null : await waitlist.entryOf(member.id, screening._id);
      return { booking: booking ? bookingOf(booking, screening) : null, waitlist: entry ? await waitlist.view(entry) : null };
    },

    /**
     * create_cinema_booking: the member's one booking for the screening on sale. Without
     * transactions: a pending booking claims the member's place (the partial unique index), one
     * guarded update takes the tickets (never more than are left), then the tickets are written
     * and the booking confirmed; any failure after the tickets were taken gives them back.
     */
    async book(member: Member, input: BookingInput): Promise<CreateCinemaBookingResponse | CinemaRefusal> {
      const found = await screeningFor(input);
      if (typeof found === 'string') return found;
      const screening = found;
      const guest = input.guest_name?.trim() || null;
      // Seats held for this member from the waiting list are theirs, sold out or not.
      const place = await waitlist.entryOf(member.id, screening._id);
      const offered = place?.state === 'offered' ? place : null;
      if (offered && input.quantity > offered.quantity) return 'only_one_left';
      if (!offered && screening.tickets_left === 0) return 'sold_out';
      if (!offered && screening.tickets_left < input.quantity) return 'only_one_left';
      const membership = await isMember(member.email);
      if (membership === 'unavailable') return 'membership_unavailable';
      if (!membership) return 'not_subscriber';

      const now = clock.now();
      let pending: BookingDoc;
      try {
        pending = (
          await models.booking.create({
            screening_id: screening._id,
            user_id: member.id,
            email: member.email,
            primary_name: input.primary_name.trim(),
            guest_name: guest,
            quantity: input.quantity,
            ticket_numbers: [],
            state: 'pending',
            live: true,
            email_sent_at: null,
            created_at: now,
            cancelled_at: null,
          })
        ).toObject();
      } catch (error) {
        if (isDuplicate(error)) return 'already_booked';
        throw error;
      }

      // The hold is claimed first (guarded: an expiry running now cannot also move these seats).
      const claimed = offered
        ? await models.wait.findOneAndUpdate({ _id: offered._id, state: 'offered' }, { $set: { state: 'booked', live: false } }).lean()
        : null;
      const fromHold = claimed !== null;
      const taken = await models.screening
        .findOneAndUpdate(
          fromHold
            ? { _id: screening._id, state: 'on_sale', tickets_held: { $gte: input.quantity } }
            : { _id: screening._id, state: 'on_sale', tickets_left: { $gte: input.quantity } },
          fromHold
            ? { $inc: { tickets_held: -input.quantity, next_ticket_number: input.quantity } }
            : { $inc: { tickets_left: -input.quantity, next_ticket_number: input.quantity } },
          { returnDocument: 'after' },
        )
        .lean<ScreeningDoc>();
      if (fromHold && claimed.quantity > input.quantity) {
        // They took fewer seats than were held: the rest go back on sale, to the next in line.
        const rest = claimed.quantity - input.quantity;
        await models.screening.updateOne({ _id: screening._id }, { $inc: { tickets_held: -rest, tickets_left: rest } });
        await waitlist.offer(screening._id);
      }
      if (!taken) {
        await models.booking.deleteOne({ _id: pending._id, state: 'pending' });
        const now2 = await models.screening.findById(screening._id).lean<ScreeningDoc>();
        if (!now2 || now2.state === 'cancelled') return 'screening_cancelled';
        return now2.tickets_left === 0 ? 'sold_out' : 'only_one_left';
      }
      const first = taken.next_ticket_number - input.quantity;
      const numbers = Array.from({ length: input.quantity }, (_, i) => first + i);
      try {
        await models.ticket.insertMany(
          numbers.map((number, i) => ({
            screening_id: screening._id,
            number,
            booking_id: pending._id,
            name: i === 0 ? pending.primary_name : (guest as string),
            email: member.email,
            state: 'valid',
            checked_in_at: null,
          })),
        );
        const confirmed = await models.booking
          .findOneAndUpdate({ _id: pending._id, state: 'pending' }, { $set: { state: 'confirmed', ticket_numbers: numbers } }, { returnDocument: 'after' })
          .lean<BookingDoc>();
        if (!confirmed) throw new Error('the pending booking disappeared');
        // A member who booked while waiting leaves the list.
        await models.wait.updateOne({ screening_id: screening._id, user_id: member.id, live: true }, { $set: { state: 'left', live: false } });
        const emailed = await sendTickets(confirmed, taken);
        const booking = emailed ? { ...confirmed, email_sent_at: clock.now() } : confirmed;
        return { ticket_numbers: numbers, release_id: taken.release_id, booking: bookingOf(booking, taken), email_sent: emailed };
      } catch (error) {
        // Nothing half-done stays: the seats go back on sale and the member may try again.
        logger.error({ err: error }, 'cinema booking failed after the tickets were taken; giving them back');
        await models.ticket.deleteMany({ booking_id: pending._id });
        await models.screening.updateOne({ _id: screening._id }, { $inc: { tickets_left: input.quantity } });
        await models.booking.deleteOne({ _id: pending._id });
        if (fromHold) await waitlist.offer(screening._id);
        throw error;
      }
    },

    /** Joins the waiting list of the sold-out screening on sale. */
    async join(member: Member, input: BookingInput) {
      const found = await screeningFor(input);
      if (typeof found === 'string') return found;
      if (found.tickets_left > 0) return 'not_sold_out' as const;
      if (await liveBooking(member, found._id)) return 'already_booked' as const;
      const membership = await isMember(member.email);
      if (membership === 'unavailable') return 'membership_unavailable' as const;
      if (!membership) return 'not_subscriber' as const;
      try {
        const entry = await models.wait.create({
          screening_id: found._id,
          user_id: member.id,
          email: member.email,
          primary_name: input.primary_name.trim(),
          guest_name: input.guest_name?.trim() || null,
          quantity: input.quantity,
          state: 'waiting',
          live: true,
          created_at: clock.now(),
          offered_at: null,
          hold_expires_at: null,
        });
        return await waitlist.view(entry.toObject());
      } catch (error) {
        if (isDuplicate(error)) return 'already_waiting' as const;
        throw error;
      }
    },

    /** Leaves the waiting list (seats held for the member go to the next in line). */
    async leave(member: Member): Promise<{ left: true } | CinemaRefusal> {
      const screening = await currentScreening();
      const entry = await waitlist.entryOf(member.id, screening._id);
      if (!entry || !(await waitlist.leave(entry))) return 'not_waiting';
      return { left: true };
    },

    /** Sends the member's ticket email again. */
    async resend(member: Member): Promise<{ sent: true } | CinemaRefusal> {
      const screening = await currentScreening();
      const booking = await liveBooking(member, screening._id);
      if (!booking) return 'booking_not_found';
      return (await sendTickets(booking, screening)) ? { sent: true } : 'email_failed';
    },

    /** Cancels the member's booking up to 24 h before doors; the tickets return to sale. */
    async cancel(member: Member): Promise<{ cancelled: true; tickets_left: number } | CinemaRefusal> {
      const screening = await currentScreening();
      const booking = await liveBooking(member, screening._id);
      if (!booking) return 'booking_not_found';
      if (clock.now().getTime() > doorsAt(screening).getTime() - CINEMA_CANCEL_CUTOFF_HOURS * 3_600_000) return 'too_late_to_cancel';
      const cancelled = await models.booking.findOneAndUpdate(
        { _id: booking._id, state: 'confirmed' },
        { $set: { state: 'cancelled', live: false, cancelled_at: clock.now() } },
      );
      if (!cancelled) return 'booking_not_found';
      await models.ticket.updateMany({ booking_id: booking._id }, { $set: { state: 'cancelled' } });
      const after = await models.screening
        .findOneAndUpdate({ _id: screening._id }, { $inc: { tickets_left: booking.quantity } }, { returnDocument: 'after' })
        .lean<ScreeningDoc>();
      await ticketsReturned(screening._id, booking.quantity);
      return { cancelled: true, tickets_left: after?.tickets_left ?? screening.tickets_left + booking.quantity };
    },

    /** The ticket number a scanned QR code stands for at this screening (null when not genuine). */
    ticketOfQr: (screeningId: string, code: string) => readTicketQr(options.qrSecret, screeningId, code),

    /**
     * Staff analytics (capability cinemaStats): bookings made in [from, to) (`created_at`) and the
     * tickets they took. A booking counts once it is confirmed, and stays counted if the member
     * cancels it later (it was made; figures for a past window do not shrink). A booking still
     * `pending` (seats being taken) is not made yet, and one that failed is removed.
     */
    async stats({ from, to }: { from: Date; to: Date }): Promise<{ bookings: number; tickets: number }> {
      if (!(from < to)) return { bookings: 0, tickets: 0 };
      const [row] = await models.booking.aggregate<{ bookings: number; tickets: number }>([
        { $match: { created_at: { $gte: from, $lt: to }, state: { $in: ['confirmed', 'cancelled'] } } },
        { $group: { _id: null, bookings: { $sum: 1 }, tickets: { $sum: '$quantity' } } },
      ]);
      return { bookings: row?.bookings ?? 0, tickets: row?.tickets ?? 0 };
    },
  };
}

export type Cinema = ReturnType<typeof createCinema>;
