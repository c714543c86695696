/**
 * @croft/nudge/early: the few hundred bytes of the nudge in a visitor's first load. After the page
 * is idle it decides whether the nudge runtime (its own chunk) is needed now: a nudge is already
 * on this tab (session storage), or a service worker is registered for the site (only then can a
 * push arrive). Otherwise it waits, listening on the `nudge-notification` channel and for window
 * messages, and loads the runtime with the first nudge that comes. Imports nothing heavy.
 */
import type { NudgeSource } from './core/constants';
import { acceptNudgeMessage, NUDGE_CHANNEL, NUDGE_URL_KEY } from './core/first-load';

/** A nudge that arrived before the runtime was loaded: the runtime takes it over. */
export interface EarlyNudge {
  url: string;
  source: NudgeSource;
}

export interface WatchForNudgeOptions {
  /** Loads and starts the runtime (called at most once). */
  load: (first?: EarlyNudge) => void;
  /** How long to wait for idle at most (browsers without requestIdleCallback wait this long). */
  idleTimeoutMs?: number;
}

/**
 * A browser that can receive nudges at all: service workers, the Push API and notifications. The
 * shell checks it before loading auto-link; /notifications before offering to turn nudges on.
 */
export function canReceivePush(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

function hasStoredNudge(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(NUDGE_URL_KEY));
  } catch {
    return false;
  }
}

async function hasWorker(): Promise<boolean> {
  try {
    return Boolean(navigator.serviceWorker && (await navigator.serviceWorker.getRegistration('/')));
  } catch {
    return false;
  }
}

/** Runs `task` when the page is idle (requestIdleCallback, or a timeout where there is none). */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, Math.min(timeoutMs, 1000));
  return () => clearTimeout(id);
}

/** Starts watching; returns the teardown (before the runtime loads). */
export function watchForNudge({ load, idleTimeoutMs = 3000 }: WatchForNudgeOptions): () => void {
  let done = false;
  let channel: BroadcastChannel | undefined;
  const stopListening = () => {
    channel?.close();
    channel = undefined;
    window.removeEventListener('message', onWindowMessage);
  };
  const start = (first?: EarlyNudge) => {
    if (done) return;
    done = true;
    stopListening();
    load(first);
  };
  function onWindowMessage(event: MessageEvent) {
    const message = event.origin === window.location.origin ? acceptNudgeMessage(event.data) : null;
    if (message) start({ url: message.url, source: 'window' });
  }
  const cancelIdle = whenIdle(() => {
    if (hasStoredNudge()) return start();
    void hasWorker().then((registered) => {
      if (registered) return start();
      if (done) return;
      window.addEventListener('message', onWindowMessage);
      if (typeof BroadcastChannel !== 'function') return;
      channel = new BroadcastChannel(NUDGE_CHANNEL);
      channel.onmessage = (event) => {
        const message = acceptNudgeMessage(event.data);
        if (message) start({ url: message.url, source: 'channel' });
      };
    });
  }, idleTimeoutMs);
  return () => {
    done = true;
    cancelIdle();
    stopListening();
  };
}
