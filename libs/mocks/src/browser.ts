import { setupWorker } from 'msw/browser';
import type { RequestHandler } from 'msw';
import { defaultHandlers } from './handlers';

/** Starts MSW in the browser for a standalone remote (the worker script is served at /mockServiceWorker.js). */
export async function startMockWorker(handlers: RequestHandler[] = defaultHandlers) {
  const worker = setupWorker(...handlers);
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } });
  return worker;
}
