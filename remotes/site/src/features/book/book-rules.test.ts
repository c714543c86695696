import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bookingRequestSchema } from '@croft/contracts';
import { BOOKING_ERRORS, EMPTY_BOOKING, latestBookingDate, localToday, validateBooking, type BookingFormValues } from './book-rules';

const TODAY = '2026-11-21';
const valid = (overrides: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...EMPTY_BOOKING,
  name: 'Tom Hughes',
  email: 'tom@example.com',
  date: '2026-12-04',
  party_size: '6',
  occasion: 'birthday',
  ...overrides,
});

describe('validateBooking', () => {
  it('builds a request the service contract accepts, leaving out empty optional fields', () => {
    const { errors, request } = validateBooking(valid({ name: '  Tom Hughes ', message: '   ' }), TODAY);
    expect(errors).toEqual({});
    expect(request).toEqual({ name: 'Tom Hughes', email: 'tom@example.com', date: '2026-12-04', party_size: 6, occasion: 'birthday' });
    expect(z.safeParse(bookingRequestSchema, request).success).toBe(true);
  });

  it('keeps phone, time and message when given', () => {
    const { request } = validateBooking(valid({ phone: '0117 496 0123', time: '19:30', message: 'Window table?' }), TODAY);
    expect(request).toMatchObject({ phone: '0117 496 0123', time: '19:30', message: 'Window table?' });
    expect(z.safeParse(bookingRequestSchema, request).success).toBe(true);
  });

  it('needs a name, an email, a date and a party size', () => {
    const { errors, request } = validateBooking({ ...EMPTY_BOOKING, party_size: '' }, TODAY);
    expect(request).toBeUndefined();
    expect(errors).toEqual({
      name: BOOKING_ERRORS.nameMissing,
      email: BOOKING_ERRORS.emailMissing,
      date: BOOKING_ERRORS.dateMissing,
      party_size: BOOKING_ERRORS.partyMissing,
    });
  });

  it('accepts today and a year ahead, and refuses yesterday and a year and a day', () => {
    expect(validateBooking(valid({ date: TODAY }), TODAY).errors).toEqual({});
    expect(latestBookingDate(TODAY)).toBe('2027-11-21');
    expect(validateBooking(valid({ date: '2027-11-21' }), TODAY).errors).toEqual({});
    expect(validateBooking(valid({ date: '2026-11-20' }), TODAY).errors).toEqual({ date: BOOKING_ERRORS.datePast });
    expect(validateBooking(valid({ date: '2027-11-22' }), TODAY).errors).toEqual({ date: BOOKING_ERRORS.dateFar });
    expect(validateBooking(valid({ date: '2027-02-30' }), TODAY).errors).toEqual({ date: BOOKING_ERRORS.dateMissing });
  });

  it('checks party size is a whole number from 1 to 200', () => {
    for (const ok of ['1', '200', ' 12 ']) expect(validateBooking(valid({ party_size: ok }), TODAY).errors).toEqual({});
    for (const bad of ['0', '201', '2.5', '-3', 'ten', '1e2']) {
      expect(validateBooking(valid({ party_size: bad }), TODAY).errors).toEqual({ party_size: BOOKING_ERRORS.partyRange });
    }
  });

  it('checks email, phone, time, occasion and message length', () => {
    expect(validateBooking(valid({ email: 'tom@' }), TODAY).errors).toEqual({ email: BOOKING_ERRORS.emailInvalid });
    expect(validateBooking(valid({ phone: 'call me' }), TODAY).errors).toEqual({ phone: BOOKING_ERRORS.phoneInvalid });
    expect(validateBooking(valid({ phone: '+44 ()-' }), TODAY).errors).toEqual({ phone: BOOKING_ERRORS.phoneInvalid });
    expect(validateBooking(valid({ time: '25:00' }), TODAY).errors).toEqual({ time: BOOKING_ERRORS.timeInvalid });
    expect(validateBooking(valid({ occasion: '' }), TODAY).errors).toEqual({ occasion: BOOKING_ERRORS.occasionMissing });
    expect(validateBooking(valid({ message: 'x'.repeat(1000) }), TODAY).errors).toEqual({});
    expect(validateBooking(valid({ message: 'x'.repeat(1001) }), TODAY).errors).toEqual({ message: BOOKING_ERRORS.messageLong });
    expect(validateBooking(valid({ name: 'n'.repeat(101) }), TODAY).errors).toEqual({ name: BOOKING_ERRORS.nameLong });
  });

  it('reads today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
