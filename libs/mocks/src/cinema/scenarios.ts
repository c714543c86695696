import { SERVER_ERROR } from '../endpoint';
import type { Scenario } from '../scenario';
import { cinemaHandlers } from './handlers';

/**
 * Secret Cinema's named worlds for QA, Storybook and tests (the member signs in with the mocks'
 * code, see MOCK_SIGN_IN_CODE; staff with any staff session). Each is a fresh store.
 */
export const cinemaScenarios: Scenario[] = [
  { id: 'cinema:plenty', label: 'Cinema: plenty left (23 of 50; the next tickets are #28 and #29)', handlers: () => cinemaHandlers({ world: 'plenty' }) },
  { id: 'cinema:one-left', label: 'Cinema: one ticket left (2 is refused: it falls back to 1)', handlers: () => cinemaHandlers({ world: 'one-left' }) },
  { id: 'cinema:sold-out', label: 'Cinema: sold out (the waiting list is offered; 3 already wait)', handlers: () => cinemaHandlers({ world: 'sold-out' }) },
  { id: 'cinema:already-booked', label: 'Cinema: the member already has tickets #12 and #13 (Cancel)', handlers: () => cinemaHandlers({ world: 'booked' }) },
  { id: 'cinema:waiting', label: 'Cinema: sold out, the member is 3rd on the waiting list', handlers: () => cinemaHandlers({ world: 'waiting' }) },
  { id: 'cinema:offered', label: 'Cinema: sold out, 2 seats came back and are held for the member (12 h)', handlers: () => cinemaHandlers({ world: 'offered' }) },
  { id: 'cinema:cancelled', label: 'Cinema: staff cancelled this month\'s screening', handlers: () => cinemaHandlers({ world: 'cancelled' }) },
  { id: 'cinema:status-fails', label: 'Cinema: the status does not load (500)', handlers: () => cinemaHandlers({ failures: { status: SERVER_ERROR } }) },
  { id: 'cinema:booking-fails', label: 'Cinema: booking fails (500)', handlers: () => cinemaHandlers({ failures: { booking: SERVER_ERROR } }) },
  { id: 'cinema:email-fails', label: 'Cinema: the ticket email fails (the booking stands; Resend fails too, 502)', handlers: () => cinemaHandlers({ emailFails: true }) },
  { id: 'cinema:not-subscriber', label: 'Cinema: signed in, not a newsletter subscriber (booking refused, 403)', handlers: () => cinemaHandlers({ notSubscriber: true }) },
  { id: 'cinema:too-late-to-cancel', label: 'Cinema: booked, less than 24 h before doors (Cancel refused)', handlers: () => cinemaHandlers({ world: 'booked', tooLateToCancel: true }) },
];
