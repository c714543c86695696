import { SERVER_ERROR } from '../endpoint';
import type { Scenario } from '../scenario';
import { loyaltyHandlers } from './handlers';

/** The loyalty card's named worlds (the member is signed in with the mocks' code; see MOCK_SIGN_IN_CODE). */
export const loyaltyScenarios: Scenario[] = [
  { id: 'loyalty:no-card', label: 'Loyalty: a member with no card yet (one is started)', handlers: () => loyaltyHandlers({ world: 'no-card' }) },
  { id: 'loyalty:empty', label: 'Loyalty: a fresh regular card', handlers: () => loyaltyHandlers({ world: 'empty' }) },
  { id: 'loyalty:five-punches', label: 'Loyalty: five punches (one to go)', handlers: () => loyaltyHandlers({ world: 'five-punches' }) },
  { id: 'loyalty:reward-unlocked', label: 'Loyalty: six punches, box 7 unlocked', handlers: () => loyaltyHandlers({ world: 'reward-unlocked' }) },
  { id: 'loyalty:lucky7', label: 'Loyalty: a Lucky 7 card just opened', handlers: () => loyaltyHandlers({ world: 'lucky7' }) },
  {
    id: 'loyalty:lucky7-next',
    label: 'Loyalty: five cards done and six punches: the reward brings a Lucky 7 card',
    handlers: () => loyaltyHandlers({ world: 'lucky7-next' }),
  },
  { id: 'loyalty:upload-fails', label: 'Loyalty: every upload fails (500)', handlers: () => loyaltyHandlers({ failures: { upload: SERVER_ERROR } }) },
  { id: 'loyalty:load-fails', label: 'Loyalty: the card does not load (500)', handlers: () => loyaltyHandlers({ failures: { load: SERVER_ERROR } }) },
  {
    id: 'loyalty:next-card-fails',
    label: 'Loyalty: six punches; the reward completes the card but the next one is not made',
    handlers: () => loyaltyHandlers({ world: 'reward-unlocked', failures: { nextCard: true } }),
  },
  { id: 'loyalty:not-subscriber', label: 'Loyalty: signed in, not a newsletter subscriber', handlers: () => loyaltyHandlers({ world: 'no-card', notSubscriber: true }) },
  { id: 'loyalty:daily-limit', label: "Loyalty: today's photos are used up", handlers: () => loyaltyHandlers({ dailyCap: 0 }) },
];
