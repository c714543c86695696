import type {
  BookingResponse,
  CommonGoodMessage,
  CommonGoodTotalsResponse,
  Donation,
} from '@croft/contracts';

/** What the mocks answer for the Common Good total unless told otherwise: £13,302.50. */
export const MOCK_COMMON_GOOD_TOTAL_CENTS = 1_330_250;

let nextId = 1;
const hexId = () => (nextId++).toString(16).padStart(24, '0');

export function buildCommonGoodTotals(overrides: Partial<CommonGoodTotalsResponse> = {}): CommonGoodTotalsResponse {
  return { combined_total_cents: MOCK_COMMON_GOOD_TOTAL_CENTS, ...overrides };
}

export function buildDonation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: hexId(),
    amount_cents: 4_873,
    note: '10p from every coffee, October',
    recorded_by: 'sam@croftcommon.co.uk',
    recorded_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildCommonGoodMessage(overrides: Partial<CommonGoodMessage> = {}): CommonGoodMessage {
  return {
    id: hexId(),
    name: 'Priya',
    message: 'The community fridge on Mead Street could do with a second shelf.',
    status: 'pending',
    created_at: '2026-11-20T18:30:00.000Z',
    ...overrides,
  };
}

export function buildBookingResponse(overrides: Partial<BookingResponse> = {}): BookingResponse {
  return { id: hexId(), status: 'received', venue_email: 'sent', guest_email: 'sent', ...overrides };
}
