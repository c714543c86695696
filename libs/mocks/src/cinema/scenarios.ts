import { SERVER_ERROR } from '../endpoint';
import type { Scenario } from '../scenario';
import { cinemaHandlers } from './handlers';

/** Secret Cinema's named worlds (the member signs in with the mocks' code; see MOCK_SIGN_IN_CODE). */
export const cinemaScenarios: Scenario[] = [
  { id: 'cinema:plenty', label: 'Cinema: plenty of tickets left', handlers: () => cinemaHandlers({ world: 'plenty' }) },
  { id: 'cinema:one-left', label: 'Cinema: one ticket left (2 falls back to 1)', handlers: () => cinemaHandlers({ world: 'one-left' }) },
  { id: 'cinema:sold-out', label: 'Cinema: sold out (the waiting list)', handlers: () => cinemaHandlers({ world: 'sold-out' }) },
  { id: 'cinema:already-booked', label: 'Cinema: the member already has tickets', handlers: () => cinemaHandlers({ world: 'booked' }) },
  { id: 'cinema:waiting', label: 'Cinema: sold out, the member is on the waiting list', handlers: () => cinemaHandlers({ world: 'waiting' }) },
  { id: 'cinema:cancelled', label: 'Cinema: the screening is cancelled', handlers: () => cinemaHandlers({ world: 'cancelled' }) },
  { id: 'cinema:status-fails', label: 'Cinema: the status does not load (500)', handlers: () => cinemaHandlers({ failures: { status: SERVER_ERROR } }) },
  { id: 'cinema:booking-fails', label: 'Cinema: booking fails (500)', handlers: () => cinemaHandlers({ failures: { booking: SERVER_ERROR } }) },
  { id: 'cinema:email-fails', label: 'Cinema: the ticket email fails (Resend too)', handlers: () => cinemaHandlers({ emailFails: true }) },
  { id: 'cinema:not-subscriber', label: 'Cinema: signed in, not a newsletter subscriber', handlers: () => cinemaHandlers({ notSubscriber: true }) },
  { id: 'cinema:too-late-to-cancel', label: 'Cinema: booked, less than 24 h before doors', handlers: () => cinemaHandlers({ world: 'booked', tooLateToCancel: true }) },
];
