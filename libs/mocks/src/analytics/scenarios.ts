import { SERVER_ERROR } from '../endpoint';
import type { Scenario } from '../scenario';
import { analyticsHandlers } from './handlers';

/** The analytics dashboards' named worlds for QA, Storybook and tests (/admin, /admin/member-analytics…). */
export const analyticsScenarios: Scenario[] = [
  { id: 'analytics:busy', label: 'Analytics: a busy venue, every member figure connected', handlers: () => analyticsHandlers({ world: 'busy' }) },
  { id: 'analytics:empty', label: 'Analytics: no visits recorded yet', handlers: () => analyticsHandlers({ world: 'empty' }) },
  { id: 'analytics:not-connected', label: 'Analytics: member figures of other services not connected (null)', handlers: () => analyticsHandlers({ world: 'not-connected' }) },
  { id: 'analytics:fails', label: 'Analytics: the staff dashboards fail (500)', handlers: () => analyticsHandlers({ failures: { overview: SERVER_ERROR, members: SERVER_ERROR, table: SERVER_ERROR } }) },
];
