import { SERVER_ERROR } from '../endpoint';
import type { Scenario } from '../scenario';
import { nudgeHandlers } from './handlers';

/** The nudge service's named worlds for QA, Storybook and tests (/notifications, /admin/nudges). Each is a fresh store. */
export const nudgeScenarios: Scenario[] = [
  { id: 'nudge:on', label: 'Nudges: on in this browser, not linked to anyone', handlers: () => nudgeHandlers({ world: 'on' }) },
  { id: 'nudge:linked', label: "Nudges: on and linked to the member's account", handlers: () => nudgeHandlers({ world: 'linked' }) },
  { id: 'nudge:history', label: 'Nudges: staff list with a sent nudge (delivery log) and a scheduled one', handlers: () => nudgeHandlers({ world: 'history' }) },
  { id: 'nudge:email-fails', label: 'Nudges: on in this browser, and the link email fails (502)', handlers: () => nudgeHandlers({ world: 'on', emailFails: true }) },
  { id: 'nudge:subscribe-fails', label: 'Nudges: turning on fails at the service (500)', handlers: () => nudgeHandlers({ failures: { subscribe: SERVER_ERROR } }) },
  { id: 'nudge:staff-fails', label: 'Nudges: the staff calls fail (500)', handlers: () => nudgeHandlers({ failures: { staff: SERVER_ERROR } }) },
];
