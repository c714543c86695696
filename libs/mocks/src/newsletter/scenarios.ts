import type { Scenario } from '../scenario';
import { newsletterHandlers } from './handlers';

/** The newsletter service's named worlds. */
export const newsletterScenarios: Scenario[] = [
  { id: 'newsletter:welcome-failed', label: 'Subscribed, welcome email failed', handlers: () => newsletterHandlers({ welcomeEmail: 'failed' }) },
  { id: 'newsletter:sending', label: 'Subscribe never answers (sending state)', handlers: () => newsletterHandlers({ subscribeDelay: 'infinite' }) },
  {
    id: 'newsletter:down',
    label: 'Subscribe fails (500)',
    handlers: () => newsletterHandlers({ subscribeFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } }),
  },
];
