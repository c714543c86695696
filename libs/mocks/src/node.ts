import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';
import { defaultHandlers } from './handlers';

/** MSW for vitest (jsdom/node): same handlers as Storybook and the standalone remotes. */
export function createMockServer(handlers: RequestHandler[] = defaultHandlers) {
  return setupServer(...handlers);
}
