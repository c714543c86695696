import type { Types } from 'mongoose';
import {
  BOOKING_MAX_DAYS_AHEAD,
  addDaysIso,
  venueToday,
  type BookingRequestParsed,
  type BookingResponse,
} from '@croft/contracts';
import { HttpError, type Clock, type Logger, type Mailer } from '@croft/service-kit';
import type { BookingModel } from '../data/booking-model';
import { buildGuestEmail, buildVenueEmail } from './booking-emails';
import { bookingExpiresAt } from './retention';

export interface BookingEnquiries {
  /** Stores the enquiry first, then mails the venue and the guest; a mail failure keeps it. */
  submit(input: BookingRequestParsed): Promise<BookingResponse>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`mail not sent within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The date rule: today or later at the venue, at most BOOKING_MAX_DAYS_AHEAD days ahead. */
export function checkBookingDate(date: string, now: Date): void {
  const today = venueToday(now);
  if (date < today) {
    throw new HttpError(400, 'invalid_date', 'Please choose today or a later date.');
  }
  if (date > addDaysIso(today, BOOKING_MAX_DAYS_AHEAD)) {
    throw new HttpError(400, 'invalid_date', 'We take enquiries up to a year ahead. Please choose an earlier date.');
  }
}

export function createBookingEnquiries(options: {
  model: BookingModel;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  venueEmail: string;
  mailTimeoutMs: number;
}): BookingEnquiries {
  const { model, mailer, clock, logger } = options;
  return {
    async submit(parsed) {
      checkBookingDate(parsed.date, clock.now());
      const input: BookingRequestParsed = {
        ...parsed,
        email: parsed.email.toLowerCase(),
        message: parsed.message ? parsed.message : undefined,
      };
      const doc = await model.create({
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
        created_at: clock.now(),
        expires_at: bookingExpiresAt(input.date),
      });
      const id = (doc._id as Types.ObjectId).toHexString();

      const [venue, guest] = await Promise.allSettled([
        withTimeout(mailer.send(buildVenueEmail(input, options.venueEmail, id)), options.mailTimeoutMs),
        withTimeout(mailer.send(buildGuestEmail(input, options.venueEmail)), options.mailTimeoutMs),
      ]);
      const venueEmail = venue.status === 'fulfilled' ? 'sent' : 'failed';
      const guestEmail = guest.status === 'fulfilled' ? 'sent' : 'failed';
      for (const [which, result] of [['venue', venue], ['guest', guest]] as const) {
        if (result.status === 'rejected') {
          const reason: unknown = result.reason;
          // No addresses in the log: the enquiry itself is stored under this id.
          logger.warn({ err: reason instanceof Error ? reason.message : String(reason), booking: id }, `booking ${which} email failed`);
        }
      }
      await model
        .updateOne({ _id: doc._id }, { $set: { venue_email: venueEmail, guest_email: guestEmail } })
        .catch((error: unknown) => logger.error({ err: error, booking: id }, 'booking mail state not saved'));
      return { id, status: 'received', venue_email: venueEmail, guest_email: guestEmail };
    },
  };
}
