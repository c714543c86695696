import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import {
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_MAIL_COPIES,
  addDaysIso,
  venueToday,
  type BookingEnquiry,
  type BookingMailCopy,
  type BookingMailStatus,
  type BookingRequestParsed,
  type BookingResponse,
} from '@croft/contracts';
import type { Clock, Logger } from '@croft/service-kit';
import { VenueError } from './errors';
import type { BookingDoc, BookingModel } from '../data/booking-model';
import type { BookingMail } from './booking-mail';
import { bookingExpiresAt } from './retention';

/** Who asked for a resend (from the access token), for the log. */
export interface StaffActor {
  sub: string;
}

export interface BookingEnquiries {
  /** Stores the enquiry first, then mails the venue and the guest; a mail failure keeps it (and the job retries). */
  submit(input: BookingRequestParsed): Promise<BookingResponse>;
  /** Newest first; `before` is the `next_cursor` of the previous page. */
  list(query: { limit: number; before?: string }): Promise<{ items: BookingEnquiry[]; next_cursor?: string }>;
  /** Tries every unsent copy of one enquiry now (404 unknown id, 409 when nothing can be sent). */
  resend(id: string, actor: StaffActor): Promise<{ booking: BookingEnquiry; attempted: BookingMailCopy[] }>;
}

function iso(date: Date | null | undefined): string | undefined {
  return date ? new Date(date).toISOString() : undefined;
}

function mailStatus(doc: BookingDoc, copy: BookingMailCopy): BookingMailStatus {
  const delivery = doc[`${copy}_mail`];
  const state = doc[`${copy}_email`];
  return {
    state,
    attempts: delivery?.attempts ?? 0,
    ...(state !== 'sent' && delivery?.next_attempt_at ? { next_attempt_at: iso(delivery.next_attempt_at) } : {}),
    ...(state !== 'sent' && delivery?.last_error ? { last_error: delivery.last_error } : {}),
    ...(delivery?.sent_at ? { sent_at: iso(delivery.sent_at) } : {}),
  };
}

/** The staff view of one stored enquiry. */
export function toBookingEnquiry(doc: BookingDoc): BookingEnquiry {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    email: doc.email,
    ...(doc.phone ? { phone: doc.phone } : {}),
    date: doc.date,
    ...(doc.time ? { time: doc.time } : {}),
    party_size: doc.party_size,
    occasion: doc.occasion,
    ...(doc.message ? { message: doc.message } : {}),
    status: doc.status,
    created_at: new Date(doc.created_at).toISOString(),
    mail: { venue: mailStatus(doc, 'venue'), guest: mailStatus(doc, 'guest') },
  };
}

/** `<created_at ms>-<id>`: the position after which the next (older) page starts. */
function cursorOf(doc: BookingDoc): string {
  return `${new Date(doc.created_at).getTime()}-${doc._id.toHexString()}`;
}

function parseCursor(cursor: string): { createdAt: Date; id: Types.ObjectId } {
  const [ms, id] = cursor.split('-');
  return { createdAt: new Date(Number(ms)), id: new Types.ObjectId(id) };
}

/** The date rule: today or later at the venue, at most BOOKING_MAX_DAYS_AHEAD days ahead. */
export function checkBookingDate(date: string, now: Date): void {
  const today = venueToday(now);
  if (date < today) {
    throw new VenueError('invalid_date', 'Please choose today or a later date.');
  }
  if (date > addDaysIso(today, BOOKING_MAX_DAYS_AHEAD)) {
    throw new VenueError('invalid_date', 'We take enquiries up to a year ahead. Please choose an earlier date.');
  }
}

export function createBookingEnquiries(options: {
  model: BookingModel;
  mail: BookingMail;
  clock: Clock;
  logger: Logger;
}): BookingEnquiries {
  const { model, mail, clock, logger } = options;
  return {
    async submit(parsed) {
      checkBookingDate(parsed.date, clock.now());
      const input: BookingRequestParsed = {
        ...parsed,
        email: parsed.email.toLowerCase(),
        message: parsed.message ? parsed.message : undefined,
      };
      // Both copies are claimed by this request from the start (the retry job leaves them alone
      // while the lease lasts; a crash before the outcome is saved lets the job pick them up).
      const token = randomUUID();
      const created = await model.create({
        name: input.name,
        email: input.email,
        ...(input.phone ? { phone: input.phone } : {}),
        date: input.date,
        ...(input.time ? { time: input.time } : {}),
        party_size: input.party_size,
        occasion: input.occasion,
        ...(input.message ? { message: input.message } : {}),
        status: 'new',
        venue_email: 'pending',
        guest_email: 'pending',
        venue_mail: mail.initialDelivery(token),
        guest_mail: mail.initialDelivery(token),
        created_at: clock.now(),
        expires_at: bookingExpiresAt(input.date),
      });
      const doc = created.toObject<BookingDoc>();
      const [venue, guest] = await Promise.all(BOOKING_MAIL_COPIES.map((copy) => mail.deliver({ doc, copy, token })));
      return {
        id: doc._id.toHexString(),
        status: 'received',
        venue_email: venue === 'sent' ? 'sent' : 'failed',
        guest_email: guest === 'sent' ? 'sent' : 'failed',
      };
    },

    async list({ limit, before }) {
      let filter = {};
      if (before) {
        const { createdAt, id } = parseCursor(before);
        filter = { $or: [{ created_at: { $lt: createdAt } }, { created_at: createdAt, _id: { $lt: id } }] };
      }
      const docs = await model
        .find(filter)
        .sort({ created_at: -1, _id: -1 })
        .limit(limit + 1)
        .lean<BookingDoc[]>();
      const page = docs.slice(0, limit);
      return {
        items: page.map(toBookingEnquiry),
        ...(docs.length > limit ? { next_cursor: cursorOf(page[page.length - 1]) } : {}),
      };
    },

    async resend(id, actor) {
      const _id = new Types.ObjectId(id);
      const before = await model.findById(_id).lean<BookingDoc>();
      if (!before) throw new VenueError('booking_not_found', 'There is no booking enquiry with that id.');
      const claims = await Promise.all(BOOKING_MAIL_COPIES.map((copy) => mail.claimNow(_id, copy)));
      const attempted = claims.filter((claim) => claim !== null).map((claim) => claim.copy);
      // Who asked, by user id only (there is no audit store in this service).
      logger.info({ booking: id, staff_sub: actor.sub, attempted }, 'booking mail resend requested by staff');
      if (attempted.length === 0) {
        const now = await model.findById(_id).lean<BookingDoc>();
        if (now && now.venue_email === 'sent' && now.guest_email === 'sent') {
          throw new VenueError('already_sent', 'Both emails for this enquiry have already been sent.');
        }
        throw new VenueError('mail_in_progress', 'This enquiry is being emailed right now. Please check again in a minute.');
      }
      await Promise.all(claims.map((claim) => (claim ? mail.deliver(claim) : undefined)));
      const after = await model.findById(_id).lean<BookingDoc>();
      return { booking: toBookingEnquiry(after ?? before), attempted };
    },
  };
}
