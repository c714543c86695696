import { BOOKING_IP_LIMIT_MESSAGE, MESSAGE_LIMIT_MESSAGE } from '@croft/contracts';
import type { Scenario } from '../scenario';
import { venueHandlers } from './handlers';

/** The venue service's named worlds (Common Good total, messages, booking enquiries). */
export const venueScenarios: Scenario[] = [
  {
    id: 'venue:total-unavailable',
    label: 'Common Good total cannot be read',
    handlers: () => venueHandlers({ failTotals: true }),
  },
  {
    id: 'venue:big-total',
    label: 'Common Good total over £1m',
    handlers: () => venueHandlers({ totalCents: 123_456_789 }),
  },
  {
    id: 'venue:messages-rate-limited',
    label: 'Common Good messages: rate limited',
    handlers: () => venueHandlers({ failMessages: { status: 429, code: 'rate_limited', message: MESSAGE_LIMIT_MESSAGE } }),
  },
  {
    id: 'venue:booking-mail-failed',
    label: 'Booking enquiry stored, emails failed',
    handlers: () => venueHandlers({ bookingMail: { venue_email: 'failed', guest_email: 'failed' } }),
  },
  {
    id: 'venue:bookings-rate-limited',
    label: 'Booking enquiries: rate limited',
    handlers: () => venueHandlers({ failBookings: { status: 429, code: 'rate_limited', message: BOOKING_IP_LIMIT_MESSAGE } }),
  },
];
