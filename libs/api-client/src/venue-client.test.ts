import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { BookingRequestParsed, CommonGoodMessageRequest } from '@croft/contracts';
import { venueHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { ApiError } from './api-error';
import { createVenueClient } from './venue-client';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createVenueClient({ baseUrl: 'http://api.test' });

function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('venue client', () => {
  it('reads the Common Good total in pence', async () => {
    server.use(...venueHandlers({ totalCents: 123_456 }));
    expect(await client.getCommonGoodTotal()).toBe(123_456);
  });

  it('raises the service envelope when the total cannot be read', async () => {
    server.use(...venueHandlers({ failTotals: true }));
    await expect(client.getCommonGoodTotal()).rejects.toMatchObject({ status: 500, code: 'internal_error' });
  });

  it('rejects a total that breaks the contract (negative, fractional or missing)', async () => {
    for (const body of [{ combined_total_cents: -1 }, { combined_total_cents: 1.5 }, {}, { combined_total_cents: '100' }]) {
      server.use(http.get('*/api/venue/common-good/totals', () => HttpResponse.json(body)));
      const error = await client.getCommonGoodTotal().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('invalid_response');
    }
  });

  it('sends a Common Good message as JSON and returns the pending id', async () => {
    const seen: CommonGoodMessageRequest[] = [];
    server.use(...venueHandlers({ onMessage: (body) => seen.push(body) }));
    const answer = await client.sendCommonGoodMessage({ name: 'Priya', message: '  A bench by the fridge, please. ' });
    expect(answer).toEqual({ id: expect.stringMatching(/^[a-f0-9]{24}$/), status: 'pending' });
    expect(seen).toEqual([{ name: 'Priya', message: 'A bench by the fridge, please.' }]);
  });

  it('passes the rate-limit message through', async () => {
    server.use(...venueHandlers({ failMessages: { status: 429, code: 'rate_limited', message: 'Please try again a little later.' } }));
    await expect(client.sendCommonGoodMessage({ message: 'Hello' })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Please try again a little later.',
    });
  });

  it('sends a booking enquiry and reports the email outcome', async () => {
    const seen: BookingRequestParsed[] = [];
    server.use(...venueHandlers({ bookingMail: { guest_email: 'failed' }, onBooking: (b) => seen.push(b) }));
    const date = isoInDays(3);
    const answer = await client.sendBookingEnquiry({ name: 'Tom', email: 'tom@example.com', date, party_size: 4, occasion: 'table' });
    expect(answer).toMatchObject({ status: 'received', venue_email: 'sent', guest_email: 'failed' });
    expect(seen).toEqual([{ name: 'Tom', email: 'tom@example.com', date, party_size: 4, occasion: 'table' }]);
  });

  it('raises a 400 for an enquiry the service refuses', async () => {
    server.use(...venueHandlers());
    await expect(
      client.sendBookingEnquiry({ name: 'Tom', email: 'tom@example.com', date: isoInDays(-2), party_size: 4, occasion: 'table' }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_date' });
    await expect(
      client.sendBookingEnquiry({ name: 'Tom', email: 'tom@example.com', date: isoInDays(2), party_size: 0, occasion: 'table' }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('turns a network failure into network_error', async () => {
    server.use(http.post('*/api/venue/bookings', () => HttpResponse.error()));
    await expect(
      client.sendBookingEnquiry({ name: 'Tom', email: 'tom@example.com', date: isoInDays(2), party_size: 2, occasion: 'other' }),
    ).rejects.toMatchObject({ code: 'network_error' });
  });
});
