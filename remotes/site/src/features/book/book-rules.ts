import {
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_MESSAGE_MAX,
  BOOKING_OCCASIONS,
  BOOKING_PARTY_MAX,
  BOOKING_PARTY_MIN,
  VENUE_NAME_MAX,
  addDaysIso,
  canonicalEmail,
  isIsoDate,
  type BookingOccasion,
  type BookingRequest,
} from '@croft/contracts';

/** The /book form as typed (every field a string). */
export interface BookingFormValues {
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  party_size: string;
  occasion: string;
  message: string;
}

export type BookingField = keyof BookingFormValues;
export type BookingFieldErrors = Partial<Record<BookingField, string>>;

/** The order fields appear in (the first invalid one gets focus). */
export const BOOKING_FIELD_ORDER: readonly BookingField[] = [
  'name',
  'email',
  'phone',
  'date',
  'time',
  'party_size',
  'occasion',
  'message',
];

export const EMPTY_BOOKING: BookingFormValues = {
  name: '',
  email: '',
  phone: '',
  date: '',
  time: '',
  party_size: '2',
  occasion: 'table',
  message: '',
};

export const BOOKING_ERRORS = {
  nameMissing: 'Please tell us your name.',
  nameLong: `Please keep your name to ${VENUE_NAME_MAX} characters.`,
  emailMissing: 'Please enter your email address so we can reply.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  phoneInvalid: 'Please enter a phone number of 7 to 20 digits (spaces, +, - and brackets are fine).',
  dateMissing: 'Please choose a date.',
  datePast: 'Please choose today or a later date.',
  dateFar: 'We take enquiries up to a year ahead. Please choose an earlier date.',
  timeInvalid: 'Please enter a time like 19:30.',
  partyMissing: 'Please tell us how many people are coming.',
  partyRange: `Party size must be a whole number from ${BOOKING_PARTY_MIN} to ${BOOKING_PARTY_MAX}.`,
  occasionMissing: 'Please choose what the booking is for.',
  messageLong: `Please keep your message to ${BOOKING_MESSAGE_MAX.toLocaleString('en-GB')} characters.`,
} as const;

const PHONE = /^[0-9 +\-()]{7,20}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Today's date where the visitor is, as YYYY-MM-DD (what <input type="date"> speaks). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The latest date the form accepts. */
export function latestBookingDate(today: string): string {
  return addDaysIso(today, BOOKING_MAX_DAYS_AHEAD);
}

/**
 * The /book rules (the service checks the same ones): name, email, date from today to a year
 * ahead, party size 1–200, an occasion; phone, time and message optional. Returns the errors
 * per field, or the request to send when there are none.
 */
export function validateBooking(
  values: BookingFormValues,
  today: string,
): { errors: BookingFieldErrors; request?: BookingRequest } {
  const errors: BookingFieldErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const message = values.message.trim();
  const partyText = values.party_size.trim();

  if (!name) errors.name = BOOKING_ERRORS.nameMissing;
  else if (name.length > VENUE_NAME_MAX) errors.name = BOOKING_ERRORS.nameLong;

  if (!email) errors.email = BOOKING_ERRORS.emailMissing;
  else if (!canonicalEmail(email)) errors.email = BOOKING_ERRORS.emailInvalid;

  if (phone && (!PHONE.test(phone) || (phone.match(/\d/g)?.length ?? 0) < 7)) errors.phone = BOOKING_ERRORS.phoneInvalid;

  if (!values.date) errors.date = BOOKING_ERRORS.dateMissing;
  else if (!isIsoDate(values.date)) errors.date = BOOKING_ERRORS.dateMissing;
  else if (values.date < today) errors.date = BOOKING_ERRORS.datePast;
  else if (values.date > latestBookingDate(today)) errors.date = BOOKING_ERRORS.dateFar;

  if (values.time && !TIME.test(values.time)) errors.time = BOOKING_ERRORS.timeInvalid;

  const party = Number(partyText);
  if (!partyText) errors.party_size = BOOKING_ERRORS.partyMissing;
  else if (!/^\d+$/.test(partyText) || party < BOOKING_PARTY_MIN || party > BOOKING_PARTY_MAX) {
    errors.party_size = BOOKING_ERRORS.partyRange;
  }

  if (!(BOOKING_OCCASIONS as readonly string[]).includes(values.occasion)) errors.occasion = BOOKING_ERRORS.occasionMissing;

  if (message.length > BOOKING_MESSAGE_MAX) errors.message = BOOKING_ERRORS.messageLong;

  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    request: {
      name,
      email,
      ...(phone ? { phone } : {}),
      date: values.date,
      ...(values.time ? { time: values.time } : {}),
      party_size: party,
      occasion: values.occasion as BookingOccasion,
      ...(message ? { message } : {}),
    },
  };
}
