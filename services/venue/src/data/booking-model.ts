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

/** 'pending' until the mail attempt finishes (a crash in between leaves it visible as pending). */
export type MailState = 'pending' | 'sent' | 'failed';

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
  created_at: Date;
  /** Deleted by the retention sweep from here: 12 months after `date` (domain/retention.ts). */
  expires_at: Date;
}

export type BookingModel = Model<BookingDoc>;

const mailState = { type: String, required: true, enum: ['pending', 'sent', 'failed'] };

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
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: BOOKING_COLLECTION, versionKey: false, strict: 'throw' },
);
bookingSchema.index({ created_at: -1 });
bookingSchema.index({ expires_at: 1 });

export function bookingModel(connection: Connection): BookingModel {
  return (
    (connection.models.VenueBookingEnquiry as BookingModel | undefined) ??
    connection.model<BookingDoc>('VenueBookingEnquiry', bookingSchema)
  );
}
