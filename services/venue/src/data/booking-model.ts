import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  BOOKING_MESSAGE_MAX,
  BOOKING_OCCASIONS,
  BOOKING_PARTY_MAX,
  BOOKING_PARTY_MIN,
  VENUE_EMAIL_MAX,
  VENUE_NAME_MAX,
  type BookingOccasion,
} from '@croft/contracts';

export const BOOKING_COLLECTION = 'venue_booking_enquiries';

/** 'pending' until the first mail attempt finishes (a crash in between leaves it visible as pending). */
export type MailState = 'pending' | 'sent' | 'failed';

/**
 * How one copy of an enquiry's mail is getting on (domain/booking-mail.ts). Enquiries stored
 * before this existed have none: the retry job treats them as due.
 */
export interface MailDelivery {
  /** Attempts started (claimed), including one that crashed mid-send. */
  attempts: number;
  /** When the retry job may try next; null once sent or given up. */
  next_attempt_at: Date | null;
  /** An instance is sending until then; others leave the copy alone (a crash lets it expire). */
  lease_until: Date | null;
  /** Which claim holds the lease: only that claim may record the outcome. */
  lease_token: string | null;
  /** A summary such as 'ECONNECTION' or 'EENVELOPE (SMTP 550)': never an address or a name. */
  last_error: string | null;
  sent_at: Date | null;
}

export interface BookingDoc {
  _id: Types.ObjectId;
  name: string;
  /** Lower-cased. */
  email: string;
  phone?: string;
  /** YYYY-MM-DD at the venue. */
  date: string;
  /** HH:MM */
  time?: string;
  party_size: number;
  occasion: BookingOccasion;
  message?: string;
  status: 'new';
  venue_email: MailState;
  guest_email: MailState;
  venue_mail?: MailDelivery;
  guest_mail?: MailDelivery;
  created_at: Date;
  /** Deleted by the retention sweep from here: 12 months after `date` (domain/retention.ts). */
  expires_at: Date;
}

export type BookingModel = Model<BookingDoc>;

const mailState = { type: String, required: true, enum: ['pending', 'sent', 'failed'] };

const mailDeliverySchema = new Schema<MailDelivery>(
  {
    attempts: { type: Number, required: true, min: 0 },
    next_attempt_at: { type: Date, default: null },
    lease_until: { type: Date, default: null },
    lease_token: { type: String, default: null },
    last_error: { type: String, default: null, maxlength: 200 },
    sent_at: { type: Date, default: null },
  },
  { _id: false, strict: 'throw' },
);

const bookingSchema = new Schema<BookingDoc>(
  {
    name: { type: String, required: true, maxlength: VENUE_NAME_MAX },
    email: { type: String, required: true, maxlength: VENUE_EMAIL_MAX },
    phone: { type: String, maxlength: 20 },
    date: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    time: { type: String, match: /^\d{2}:\d{2}$/ },
    party_size: { type: Number, required: true, min: BOOKING_PARTY_MIN, max: BOOKING_PARTY_MAX },
    occasion: { type: String, required: true, enum: BOOKING_OCCASIONS },
    message: { type: String, maxlength: BOOKING_MESSAGE_MAX },
    status: { type: String, required: true, enum: ['new'] },
    venue_email: mailState,
    guest_email: mailState,
    venue_mail: { type: mailDeliverySchema, required: false },
    guest_mail: { type: mailDeliverySchema, required: false },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: BOOKING_COLLECTION, versionKey: false, strict: 'throw' },
);
bookingSchema.index({ created_at: -1, _id: -1 });
// The retry job's claims: unsent copies by when they are due.
bookingSchema.index({ venue_email: 1, 'venue_mail.next_attempt_at': 1 });
bookingSchema.index({ guest_email: 1, 'guest_mail.next_attempt_at': 1 });
bookingSchema.index({ expires_at: 1 });

export function bookingModel(connection: Connection): BookingModel {
  return (
    (connection.models.VenueBookingEnquiry as BookingModel | undefined) ??
    connection.model<BookingDoc>('VenueBookingEnquiry', bookingSchema)
  );
}
