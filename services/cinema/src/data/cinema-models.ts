import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { CINEMA_CAPACITY_MAX, CINEMA_MAX_PER_BOOKING, CINEMA_NAME_MAX, CINEMA_TITLE_MAX } from '@croft/contracts';

// Secret Cinema's collections (spec 001 §3, issue 13). Counts change only through guarded updates:
// a screening's tickets_left is taken with one findOneAndUpdate that requires enough left, so two
// instances selling at once can never sell the same seat or more seats than there are.

export const CINEMA_SCREENINGS_COLLECTION = 'cinema_screenings';
export const CINEMA_BOOKINGS_COLLECTION = 'cinema_bookings';
export const CINEMA_TICKETS_COLLECTION = 'cinema_tickets';
export const CINEMA_WAITLIST_COLLECTION = 'cinema_waitlist';

export type ScreeningState = 'on_sale' | 'cancelled';
export type BookingState = 'pending' | 'confirmed' | 'cancelled';

export interface ScreeningDoc {
  _id: Types.ObjectId;
  /** 'YYYY-MM': the month (one screening a month; the spec's release_id). */
  release_id: string;
  /** The month's last Thursday, a London calendar date. */
  screening_date: string;
  title: string;
  doors_time: string;
  screening_time: string;
  capacity: number;
  /** Tickets anyone may buy now (capacity − sold − held). */
  tickets_left: number;
  /** Tickets held for waiting-list offers. */
  tickets_held: number;
  /** The number the next ticket gets (1 first): numbers are never issued twice. */
  next_ticket_number: number;
  state: ScreeningState;
  cancel_reason: string | null;
  /** Bumped by every staff change (optimistic concurrency for the staff panel). */
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface BookingDoc {
  _id: Types.ObjectId;
  screening_id: Types.ObjectId;
  /** identity's user id (the token's sub). */
  user_id: string;
  email: string;
  primary_name: string;
  guest_name: string | null;
  quantity: number;
  ticket_numbers: number[];
  state: BookingState;
  /** true while pending or confirmed: the one-booking-per-member index covers only these. */
  live: boolean;
  email_sent_at: Date | null;
  created_at: Date;
  cancelled_at: Date | null;
}

export interface TicketDoc {
  _id: Types.ObjectId;
  screening_id: Types.ObjectId;
  number: number;
  booking_id: Types.ObjectId;
  /** Who sits in this seat: the member, or their guest. */
  name: string;
  email: string;
  state: 'valid' | 'cancelled';
  checked_in_at: Date | null;
}

export type WaitState = 'waiting' | 'offered' | 'booked' | 'expired' | 'left';

/** A member's place on a sold-out screening's waiting list; 'offered' holds seats for them. */
export interface WaitDoc {
  _id: Types.ObjectId;
  screening_id: Types.ObjectId;
  user_id: string;
  email: string;
  primary_name: string;
  guest_name: string | null;
  quantity: number;
  state: WaitState;
  /** true while waiting or offered: one place per member per screening. */
  live: boolean;
  created_at: Date;
  offered_at: Date | null;
  hold_expires_at: Date | null;
}

const wholeNumber = { validator: Number.isInteger, message: '{PATH} must be a whole number' };
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

const screeningSchema = new Schema<ScreeningDoc>(
  {
    release_id: { type: String, required: true, match: /^\d{4}-(0[1-9]|1[0-2])$/ },
    screening_date: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    title: { type: String, required: true, maxlength: CINEMA_TITLE_MAX },
    doors_time: { type: String, required: true, match: clock },
    screening_time: { type: String, required: true, match: clock },
    capacity: { type: Number, required: true, min: 1, max: CINEMA_CAPACITY_MAX, validate: wholeNumber },
    tickets_left: { type: Number, required: true, min: 0, validate: wholeNumber },
    tickets_held: { type: Number, required: true, min: 0, validate: wholeNumber },
    next_ticket_number: { type: Number, required: true, min: 1, validate: wholeNumber },
    state: { type: String, required: true, enum: ['on_sale', 'cancelled'] },
    cancel_reason: { type: String, default: null, maxlength: 300 },
    version: { type: Number, required: true, min: 1, validate: wholeNumber },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: CINEMA_SCREENINGS_COLLECTION, versionKey: false, strict: 'throw' },
);
screeningSchema.index({ release_id: 1 }, { unique: true, name: 'one_screening_a_month' });

const bookingSchema = new Schema<BookingDoc>(
  {
    screening_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: String, required: true, maxlength: 100 },
    email: { type: String, required: true, lowercase: true, maxlength: 254 },
    primary_name: { type: String, required: true, maxlength: CINEMA_NAME_MAX },
    guest_name: { type: String, default: null, maxlength: CINEMA_NAME_MAX },
    quantity: { type: Number, required: true, min: 1, max: CINEMA_MAX_PER_BOOKING, validate: wholeNumber },
    ticket_numbers: { type: [Number], default: [] },
    state: { type: String, required: true, enum: ['pending', 'confirmed', 'cancelled'] },
    live: { type: Boolean, required: true },
    email_sent_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
    cancelled_at: { type: Date, default: null },
  },
  { collection: CINEMA_BOOKINGS_COLLECTION, versionKey: false, strict: 'throw' },
);
bookingSchema.index({ screening_id: 1, user_id: 1 }, { unique: true, partialFilterExpression: { live: { $eq: true } }, name: 'one_booking_per_member' });
bookingSchema.index({ user_id: 1, created_at: -1 });
// Bookings made in a window (staff analytics).
bookingSchema.index({ created_at: 1, state: 1 });

const ticketSchema = new Schema<TicketDoc>(
  {
    screening_id: { type: Schema.Types.ObjectId, required: true },
    number: { type: Number, required: true, min: 1, validate: wholeNumber },
    booking_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, maxlength: CINEMA_NAME_MAX },
    email: { type: String, required: true, maxlength: 254 },
    state: { type: String, required: true, enum: ['valid', 'cancelled'] },
    checked_in_at: { type: Date, default: null },
  },
  { collection: CINEMA_TICKETS_COLLECTION, versionKey: false, strict: 'throw' },
);
ticketSchema.index({ screening_id: 1, number: 1 }, { unique: true, name: 'one_ticket_per_number' });
ticketSchema.index({ booking_id: 1 });

const waitSchema = new Schema<WaitDoc>(
  {
    screening_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: String, required: true, maxlength: 100 },
    email: { type: String, required: true, lowercase: true, maxlength: 254 },
    primary_name: { type: String, required: true, maxlength: CINEMA_NAME_MAX },
    guest_name: { type: String, default: null, maxlength: CINEMA_NAME_MAX },
    quantity: { type: Number, required: true, min: 1, max: CINEMA_MAX_PER_BOOKING, validate: wholeNumber },
    state: { type: String, required: true, enum: ['waiting', 'offered', 'booked', 'expired', 'left'] },
    live: { type: Boolean, required: true },
    created_at: { type: Date, required: true },
    offered_at: { type: Date, default: null },
    hold_expires_at: { type: Date, default: null },
  },
  { collection: CINEMA_WAITLIST_COLLECTION, versionKey: false, strict: 'throw' },
);
waitSchema.index({ screening_id: 1, user_id: 1 }, { unique: true, partialFilterExpression: { live: { $eq: true } }, name: 'one_place_per_member' });
waitSchema.index({ screening_id: 1, state: 1, created_at: 1 });

export interface CinemaModels {
  screening: Model<ScreeningDoc>;
  booking: Model<BookingDoc>;
  ticket: Model<TicketDoc>;
  wait: Model<WaitDoc>;
}

export function cinemaModels(connection: Connection): CinemaModels {
  return {
    screening: (connection.models.CinemaScreening as Model<ScreeningDoc>) ?? connection.model<ScreeningDoc>('CinemaScreening', screeningSchema),
    booking: (connection.models.CinemaBooking as Model<BookingDoc>) ?? connection.model<BookingDoc>('CinemaBooking', bookingSchema),
    ticket: (connection.models.CinemaTicket as Model<TicketDoc>) ?? connection.model<TicketDoc>('CinemaTicket', ticketSchema),
    wait: (connection.models.CinemaWait as Model<WaitDoc>) ?? connection.model<WaitDoc>('CinemaWait', waitSchema),
  };
}
