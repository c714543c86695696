import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { SERVER_ERROR, mockError } from './endpoint';

/**
 * A named world the mocks answer from, for QA (`?scenario=<id>` on a standalone remote, its panel,
 * the Storybook toolbar) and for tests. A scenario's handlers go in front of the defaults, so it
 * changes only what it names. Each service's mocks folder declares its own (`<service>/scenarios.ts`).
 */
export interface Scenario {
  /** 'service:what', e.g. 'venue:total-unavailable'; 'default' for the happy path. */
  id: string;
  /** What QA sees in the panel and the toolbar. */
  label: string;
  handlers: () => RequestHandler[];
}

/** The same answer for every /api call (put first, it shadows every service). */
function everyApiCall(answer: () => Response | Promise<Response>): RequestHandler[] {
  return [http.all('*/api/*', answer)];
}

/** Scenarios that cut across every service. */
export const platformScenarios: Scenario[] = [
  { id: 'default', label: 'Everything works', handlers: () => [] },
  {
    id: 'server-error',
    label: 'Every call fails (500)',
    handlers: () => everyApiCall(() => mockError(SERVER_ERROR)),
  },
  {
    id: 'offline',
    label: 'Network down (every call fails to connect)',
    handlers: () => everyApiCall(() => HttpResponse.error()),
  },
  {
    id: 'slow',
    label: 'Slow network (every answer after 3 s)',
    // Waits, then falls through to the next handler (the scenario's or the default one).
    handlers: () => [http.all('*/api/*', async () => void (await delay(3000)))],
  },
  {
    id: 'loading',
    label: 'Never answers (loading states)',
    handlers: () => [http.all('*/api/*', async () => void (await delay('infinite')))],
  },
];
