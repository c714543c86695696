import { randomUUID } from 'node:crypto';
import { BOOKING_MAIL_COPIES, type BookingMailCopy, type BookingRequestParsed } from '@croft/contracts';
import type { Clock, Logger, Mailer, MailMessage } from '@croft/service-kit';
import type { BookingDoc, BookingModel, MailDelivery, MailState } from '../data/booking-model';
import { buildGuestEmail, buildVenueEmail } from './booking-emails';

/**
 * The mail of booking enquiries: each enquiry has a venue copy and a guest copy, each with its
 * own state (pending | sent | failed) and delivery record (attempts, next attempt, lease, last
 * error). A failed copy is retried by a job with exponential back-off:
 * MAIL_RETRY_FIRST_DELAY_MS after the first failure, doubling, at most MAIL_RETRY_MAX_DELAY_MS,
 * until MAIL_MAX_ATTEMPTS attempts have failed; then it stays 'failed' for good (staff can
 * still resend from the staff API).
 *
 * Several gateway instances share one database, so every send is claimed first: a guarded
 * findOneAndUpdate takes a lease (MAIL_LEASE_MS) on one copy of one enquiry, and only the holder
 * of that lease sends it and records the outcome. A crash mid-send leaves the lease to expire,
 * and the copy is tried again. A copy recorded 'sent' is never claimed again.
 */

/** Back-off after the first failed attempt; doubles after each further failure. */
export const MAIL_RETRY_FIRST_DELAY_MS = 60_000;
/** The longest wait between two attempts. */
export const MAIL_RETRY_MAX_DELAY_MS = 60 * 60_000;
/** After this many failed attempts the job gives up on a copy (about 4 hours of trying). */
export const MAIL_MAX_ATTEMPTS = 10;
/**
 * How long a claim holds a copy. Far longer than the mailer's deadline (MAIL_TIMEOUTS.sendMs,
 * 10 s), so a live sender always records its outcome before anyone else may try.
 */
export const MAIL_LEASE_MS = 2 * 60_000;
/**
 * How often the retry job runs: a recurring job in the service kit's jobs (`MAIL_RETRY_JOB`), so one
 * run per interval across all instances; the per-copy leases above still guard every send.
 */
export const MAIL_RETRY_INTERVAL_MS = 30_000;
/** The retry job's name in the kit's jobs (service 'venue'). */
export const MAIL_RETRY_JOB = 'booking-mail-retry';
/**
 * The retry job's lease: one run makes at most MAIL_RETRY_BATCH sends, each bounded by the
 * mailer's 10 s deadline, so 200 s at worst; a run never needs to extend it.
 */
export const MAIL_RETRY_JOB_LEASE_MS = 5 * 60_000;
/** The most sends one run of the job makes (the rest wait for the next run). */
export const MAIL_RETRY_BATCH = 20;

/** The wait after the `attempts`-th failed attempt (1 → 1 min, 2 → 2 min, … capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_DELAY_MS);
}

/**
 * What went wrong, without personal data: the error's code and SMTP response code only (an SMTP
 * error message can quote the recipient's address).
 */
export function mailErrorSummary(error: unknown): string {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  const codeText = typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'ERROR';
  return typeof responseCode === 'number' ? `${codeText} (SMTP ${responseCode})` : codeText;
}

export interface MailRetryResult {
  sent: number;
  failed: number;
}

/** A lease on one copy: `doc` as it was right after the claim. */
export interface MailClaim {
  doc: BookingDoc;
  copy: BookingMailCopy;
  token: string;
}

export interface BookingMail {
  /** The delivery record of a new enquiry's copies: attempt 1, already leased with `token`. */
  initialDelivery(token: string): MailDelivery;
  /** Sends a claimed copy and records the outcome (guarded by the lease); never throws for mail errors. */
  deliver(claim: MailClaim): Promise<MailState>;
  /** Claims one unsent, unleased copy of enquiry `id` now, whether or not it is due (staff resend). */
  claimNow(id: BookingDoc['_id'], copy: BookingMailCopy): Promise<MailClaim | null>;
  /** One run of the retry job: claims and sends due copies, oldest due first. */
  retryDue(): Promise<MailRetryResult>;
}

function inputOf(doc: BookingDoc): BookingRequestParsed {
  return {
    name: doc.name,
    email: doc.email,
    phone: doc.phone,
    date: doc.date,
    time: doc.time,
    party_size: doc.party_size,
    occasion: doc.occasion,
    message: doc.message,
  };
}

const stateField = (copy: BookingMailCopy) => `${copy}_email` as const;
const field = (copy: BookingMailCopy, name: keyof MailDelivery) => `${copy}_mail.${name}`;

export function createBookingMail(options: {
  model: BookingModel;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  venueEmail: string;
}): BookingMail {
  const { model, mailer, clock, logger, venueEmail } = options;

  function messageFor(doc: BookingDoc, copy: BookingMailCopy): MailMessage {
    const input = inputOf(doc);
    return copy === 'venue' ? buildVenueEmail(input, venueEmail, doc._id.toHexString()) : buildGuestEmail(input, venueEmail);
  }

  /** The guarded claim: unsent, nobody's lease live, plus `extra` conditions. */
  async function claim(copy: BookingMailCopy, extra: Record<string, unknown>): Promise<MailClaim | null> {
    const now = clock.now();
    const token = randomUUID();
    const doc = await model
      .findOneAndUpdate(
        {
          ...extra,
          [stateField(copy)]: { $in: ['pending', 'failed'] },
          [field(copy, 'lease_until')]: { $not: { $gt: now } },
        },
        {
          $set: {
            [field(copy, 'lease_until')]: new Date(now.getTime() + MAIL_LEASE_MS),
            [field(copy, 'lease_token')]: token,
          },
          $inc: { [field(copy, 'attempts')]: 1 },
        },
        { returnDocument: 'after', sort: { [field(copy, 'next_attempt_at')]: 1, _id: 1 } },
      )
      .lean<BookingDoc>();
    return doc ? { doc, copy, token } : null;
  }

  async function deliver({ doc, copy, token }: MailClaim): Promise<MailState> {
    const id = doc._id.toHexString();
    const attempts = doc[`${copy}_mail`]?.attempts ?? 1;
    let update: Record<string, unknown>;
    let state: MailState;
    try {
      await mailer.send(messageFor(doc, copy));
      state = 'sent';
      update = {
        [stateField(copy)]: 'sent',
        [field(copy, 'sent_at')]: clock.now(),
        [field(copy, 'next_attempt_at')]: null,
        [field(copy, 'last_error')]: null,
      };
    } catch (error) {
      state = 'failed';
      const summary = mailErrorSummary(error);
      const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
      const next = giveUp ? null : new Date(clock.now().getTime() + retryDelayMs(attempts));
      // No addresses in the log: the enquiry itself is stored under this id.
      logger.warn(
        { err: summary, booking: id, attempts, next_attempt_at: next?.toISOString() ?? null },
        giveUp ? `booking ${copy} email failed; giving up` : `booking ${copy} email failed; will retry`,
      );
      update = {
        [stateField(copy)]: 'failed',
        [field(copy, 'next_attempt_at')]: next,
        [field(copy, 'last_error')]: summary,
      };
    }
    await model
      .updateOne(
        { _id: doc._id, [field(copy, 'lease_token')]: token },
        { $set: { ...update, [field(copy, 'lease_until')]: null, [field(copy, 'lease_token')]: null } },
      )
      .catch((error: unknown) => logger.error({ err: error, booking: id }, `booking ${copy} mail state not saved`));
    return state;
  }

  async function retryDue(): Promise<MailRetryResult> {
    const result: MailRetryResult = { sent: 0, failed: 0 };
    while (result.sent + result.failed < MAIL_RETRY_BATCH) {
      const now = clock.now();
      let claimed: MailClaim | null = null;
      for (const copy of BOOKING_MAIL_COPIES) {
        claimed = await claim(copy, {
          $or: [{ [field(copy, 'next_attempt_at')]: { $lte: now } }, { [`${copy}_mail`]: { $exists: false } }],
        });
        if (claimed) break;
      }
      if (!claimed) break;
      if ((await deliver(claimed)) === 'sent') {
        result.sent += 1;
      } else {
        // Most likely the mail server is down: leave the rest for the next run.
        result.failed += 1;
        break;
      }
    }
    if (result.sent + result.failed > 0) logger.info(result, 'booking mail retry run');
    return result;
  }

  return {
    initialDelivery(token) {
      const now = clock.now();
      return {
        attempts: 1,
        // Due at once should this attempt never finish (a crash): the lease decides when.
        next_attempt_at: now,
        lease_until: new Date(now.getTime() + MAIL_LEASE_MS),
        lease_token: token,
        last_error: null,
        sent_at: null,
      };
    },
    deliver,
    claimNow: (id, copy) => claim(copy, { _id: id }),
    retryDue,
  };
}
