import type { Clock, Logger } from '@croft/service-kit';
import type { BookingModel } from '../data/booking-model';
import type { MessageModel } from '../data/message-model';

/**
 * Retention rules promised on /privacy (remotes/site/src/features/info-pages/privacy-notice.ts):
 * - booking enquiries: 12 months after the date asked about;
 * - Common Good messages: 12 months once published, 30 days while pending or rejected.
 * Each document carries `expires_at`; `sweepExpired` deletes what has expired by the injected clock.
 * No TTL index: the embedded store and mongod expire TTL documents by the wall clock, which would
 * disagree with the service's clock in tests.
 */
export const MESSAGE_KEPT_MONTHS = 12;
export const UNPUBLISHED_MESSAGE_KEPT_DAYS = 30;
export const BOOKING_KEPT_MONTHS = 12;
/** How often a running service sweeps (a recurring job in the service kit's jobs, see venue-service.ts). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `date` plus `months` calendar months (UTC); a day past the month's end rolls over (31 Jan + 1 = 3 Mar). */
export function addMonthsUtc(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

/** A booking for YYYY-MM-DD is deleted at the end of that day, 12 months on (00:00 UTC the next day). */
export function bookingExpiresAt(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`booking date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const [, y, m, d] = match;
  return addMonthsUtc(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + 1)), BOOKING_KEPT_MONTHS);
}

/** Published messages are kept 12 months from submission; the rest 30 days from submission. */
export function messageExpiresAt(createdAt: Date, status: 'pending' | 'approved' | 'rejected'): Date {
  return status === 'approved'
    ? addMonthsUtc(createdAt, MESSAGE_KEPT_MONTHS)
    : new Date(createdAt.getTime() + UNPUBLISHED_MESSAGE_KEPT_DAYS * DAY_MS);
}

export interface SweepResult {
  bookingsDeleted: number;
  messagesDeleted: number;
}

export interface VenueRetention {
  /** Deletes every booking enquiry and message whose `expires_at` has passed by the clock. */
  sweepExpired(): Promise<SweepResult>;
}

export function createVenueRetention(options: {
  bookings: BookingModel;
  messages: MessageModel;
  clock: Clock;
  logger: Logger;
}): VenueRetention {
  const { bookings, messages, clock, logger } = options;

  async function sweepExpired(): Promise<SweepResult> {
    const now = clock.now();
    const [b, m] = await Promise.all([
      bookings.deleteMany({ expires_at: { $lte: now } }),
      messages.deleteMany({ expires_at: { $lte: now } }),
    ]);
    const result = { bookingsDeleted: b.deletedCount, messagesDeleted: m.deletedCount };
    if (result.bookingsDeleted + result.messagesDeleted > 0) logger.info(result, 'venue retention sweep');
    return result;
  }

  return { sweepExpired };
}
