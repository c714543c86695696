import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CINEMA_DEFAULT_TITLE,
  cinemaBookingSchema,
  cinemaQrSchema,
  cinemaStatusSchema,
  cinemaWaitlistEntrySchema,
  doorTicketSchema,
  staffScreeningSchema,
} from '@croft/contracts';
import {
  buildCinemaBooking,
  buildCinemaStatus,
  buildDoorTickets,
  buildPastStaffScreening,
  buildStaffScreening,
  buildWaitlistEntry,
  cinemaMonthAt,
  londonInstant,
  mockTicketQr,
} from './cinema-factory';

describe('cinema factories', () => {
  it('parse with the contract schemas', () => {
    expect(z.parse(cinemaStatusSchema, buildCinemaStatus())).toMatchObject({ title: CINEMA_DEFAULT_TITLE, doors_time: '19:00', screening_time: '19:30', tickets_left: 23, is_sold_out: false });
    expect(z.parse(cinemaStatusSchema, buildCinemaStatus({ tickets_left: 0 })).is_sold_out).toBe(true);
    expect(z.parse(cinemaStatusSchema, buildCinemaStatus({ state: 'cancelled' })).is_sold_out).toBe(true);
    expect(z.parse(cinemaBookingSchema, buildCinemaBooking())).toMatchObject({ quantity: 2, ticket_numbers: [12, 13] });
    expect(z.parse(cinemaBookingSchema, buildCinemaBooking({ quantity: 1, guest_name: null, ticket_numbers: [7] })).guest_name).toBeNull();
    expect(z.parse(cinemaWaitlistEntrySchema, buildWaitlistEntry())).toMatchObject({ state: 'waiting', position: 3, hold_expires_at: null });
    const offered = z.parse(cinemaWaitlistEntrySchema, buildWaitlistEntry({ state: 'offered' }));
    expect(offered.position).toBe(1);
    expect(Date.parse(offered.hold_expires_at!) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect(z.parse(staffScreeningSchema, buildStaffScreening())).toMatchObject({ capacity: 50, tickets_sold: 27, tickets_left: 23, checked_in: 3, version: 1 });
    expect(z.parse(staffScreeningSchema, buildPastStaffScreening())).toMatchObject({ tickets_sold: 50, tickets_left: 0 });
    const tickets = buildDoorTickets(27);
    expect(tickets.map((t) => z.parse(doorTicketSchema, t).number)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(tickets[4].name).toBe('Charles Babbage');
    expect(tickets.filter((t) => t.checked_in_at)).toHaveLength(3);
    expect(z.safeParse(cinemaQrSchema, mockTicketQr(5)).success).toBe(true);
  });

  it('the screening is the last Thursday of the month until its doors open (London time), then next month’s', () => {
    const on = (at: string) => buildCinemaStatus({}, new Date(at));
    expect(on('2026-11-24T12:00:00Z')).toMatchObject({ screening_date: '2026-11-26', release_id: '2026-11' });
    // November is GMT: doors at 19:00Z.
    expect(on('2026-11-26T18:59:00Z').screening_date).toBe('2026-11-26');
    expect(on('2026-11-26T19:00:00Z')).toMatchObject({ screening_date: '2026-12-31', release_id: '2026-12' });
    expect(on('2026-12-31T20:00:00Z')).toMatchObject({ screening_date: '2027-01-28', release_id: '2027-01' });
    // June is BST: doors at 18:00Z.
    expect(on('2026-06-25T17:59:00Z').screening_date).toBe('2026-06-25');
    expect(on('2026-06-25T18:00:00Z').screening_date).toBe('2026-07-30');
    expect(cinemaMonthAt(new Date('2026-11-30T23:30:00Z'))).toEqual({ year: 2026, month: 12 });
  });

  it('a booking can be cancelled until 24 h before doors, in London time', () => {
    expect(londonInstant('2026-11-26', '19:00').toISOString()).toBe('2026-11-26T19:00:00.000Z');
    expect(londonInstant('2026-06-25', '19:00').toISOString()).toBe('2026-06-25T18:00:00.000Z');
    const status = buildCinemaStatus({}, new Date('2026-06-01T12:00:00Z'));
    expect(buildCinemaBooking({}, status).cancellable_until).toBe('2026-06-24T18:00:00.000Z');
  });
});
