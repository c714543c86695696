import { createNudgeController, type NudgeController, type NudgeEnvironment } from './nudge-controller';
import { readStoredNudge } from './nudge-db';

/** Where the service worker is served (the gateway, at the site's root scope). */
export const NUDGE_WORKER_URL = '/sw.js';

/** window.open in a new tab, without giving the new page a handle on this one. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The controller wired to this page: session storage, the database, the channel, the worker. */
export function createBrowserNudgeController(options: {
  navigate: (path: string) => void;
  openExternal?: (url: string) => void;
}): NudgeController {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null; // blocked: the controller keeps the nudge in memory
  }
  const env: NudgeEnvironment = {
    storage,
    now: () => Date.now(),
    pathname: () => window.location.pathname,
    href: () => window.location.href,
    origin: window.location.origin,
    readStoredNudge: () => (typeof indexedDB === 'undefined' ? Promise.resolve(null) : readStoredNudge()),
    window,
    document,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    createChannel: typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined,
    navigate: options.navigate,
    openExternal: options.openExternal ?? openInNewTab,
    logger: console,
  };
  return createNudgeController(env);
}

/**
 * Registers the service worker at the site's root scope (push needs it). Failures are logged,
 * never shown (spec 000 §8); resolves undefined when the browser has no service workers.
 */
export async function registerNudgeWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  try {
    return await navigator.serviceWorker.register(NUDGE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.error('[nudge] could not register the service worker', error);
    return undefined;
  }
}
