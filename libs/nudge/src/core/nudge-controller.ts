import { NUDGE_CHANNEL, NUDGE_SESSION_KEYS as KEYS, NUDGE_TIMING, type NudgeMessage, type NudgeSource } from './constants';
import type { StoredNudgeRead } from './nudge-db';
import { acceptNudgeMessage, isExternalUrl } from './validate';

/** What the page shows: a nudge url, and whether it was clicked. The button shows while `visible`. */
export interface NudgeSnapshot {
  url: string | null;
  clicked: boolean;
  visible: boolean;
}

/** The part of a BroadcastChannel the controller uses. */
export interface NudgeChannel extends Pick<EventTarget, 'addEventListener'> {
  postMessage(message: unknown): void;
  close(): void;
}

/** The part of navigator.serviceWorker the controller uses. */
export interface NudgeWorkerContainer extends Pick<EventTarget, 'addEventListener' | 'removeEventListener'> {
  controller: { postMessage(message: unknown): void } | null;
  startMessages?: () => void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Everything the controller touches in the browser, injected so that tests can drive it. */
export interface NudgeEnvironment {
  /** sessionStorage (null when the browser blocks it: the state is then kept in memory). */
  storage: KeyValueStorage | null;
  now: () => number;
  /** The page's current path and address. */
  pathname: () => string;
  href: () => string;
  /** The page's origin: window messages from anywhere else are ignored. */
  origin: string;
  /** Reads the database (`delivery_pending` first, then `current`). */
  readStoredNudge: () => Promise<StoredNudgeRead | null>;
  /** Receives 'focus' and 'message'. */
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Receives 'visibilitychange'. */
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: DocumentVisibilityState };
  serviceWorker?: NudgeWorkerContainer;
  /** Opens the broadcast channel; undefined when the browser has none. */
  createChannel?: (name: string) => NudgeChannel;
  /** Routes inside the site (the shell's router). */
  navigate: (path: string) => void;
  /** Opens an http(s) address in a new tab. */
  openExternal: (url: string) => void;
  logger: Pick<Console, 'error' | 'warn'>;
}

export interface NudgeController {
  /** Sets everything up (listeners, channel, timers); returns the teardown. */
  start(): () => void;
  getSnapshot(): NudgeSnapshot;
  subscribe(listener: () => void): () => void;
  /** A nudge arrived (from a message or the database). */
  receive(url: string, source: NudgeSource): void;
  /** The button was pressed: cleared at once (and again 2 s later), then the url opens. */
  click(): void;
  /** The page moved: a path other than where the nudge was received clears it. */
  pathChanged(pathname: string): void;
  /** Reads the database for a nudge (on start, focus, and 500 ms after the page becomes visible). */
  checkDatabase(): Promise<void>;
  clear(): void;
}

const EMPTY: NudgeSnapshot = { url: null, clicked: false, visible: false };

/** sessionStorage, or memory when it is missing or throws (private modes): failures are logged once. */
function safeStorage(storage: KeyValueStorage | null, logger: NudgeEnvironment['logger']): KeyValueStorage {
  const memory = new Map<string, string>();
  let warned = false;
  const fallback = (error: unknown) => {
    if (!warned) logger.warn('[nudge] session storage unavailable, keeping the nudge in memory', error);
    warned = true;
  };
  return {
    getItem(key) {
      try {
        if (storage) return storage.getItem(key);
      } catch (error) {
        fallback(error);
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      try {
        storage?.setItem(key, value);
      } catch (error) {
        fallback(error);
      }
    },
    removeItem(key) {
      memory.delete(key);
      try {
        storage?.removeItem(key);
      } catch (error) {
        fallback(error);
      }
    },
  };
}

/**
 * The nudge in the page (spec 000 §4, §5, §7, §9): none → available (url, not clicked) → clicked
 * → cleared. Framework-free: the React binding subscribes to it and draws the button.
 */
export function createNudgeController(env: NudgeEnvironment): NudgeController {
  const storage = safeStorage(env.storage, env.logger);
  const listeners = new Set<() => void>();
  let snapshot: NudgeSnapshot = EMPTY;
  let autoClearTimer: ReturnType<typeof setTimeout> | undefined;
  let backupClearTimer: ReturnType<typeof setTimeout> | undefined;
  let visibilityTimer: ReturnType<typeof setTimeout> | undefined;
  let channel: NudgeChannel | null = null;
  let channelTestTimer: ReturnType<typeof setTimeout> | undefined;

  const log = (what: string, error: unknown) => env.logger.error(`[nudge] ${what}`, error);

  function publish(next: NudgeSnapshot) {
    if (next.url === snapshot.url && next.clicked === snapshot.clicked) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function removeNudge() {
    storage.removeItem(KEYS.url);
    storage.removeItem(KEYS.clicked);
    storage.removeItem(KEYS.receivedPath);
    storage.removeItem(KEYS.receivedAt);
    clearTimeout(autoClearTimer);
    autoClearTimer = undefined;
  }

  function clear() {
    removeNudge();
    publish(EMPTY);
  }

  function scheduleAutoClear(receivedAt: number) {
    clearTimeout(autoClearTimer);
    const remaining = receivedAt + NUDGE_TIMING.autoClearMs - env.now();
    autoClearTimer = setTimeout(() => {
      autoClearTimer = undefined;
      sync();
    }, Math.max(0, remaining));
  }

  /**
   * Reads the state back from session storage (every 2 s, and on every change) and applies the
   * clearing rules: 10 minutes since it arrived, or a path other than where it arrived.
   */
  function sync(pathname = env.pathname()) {
    const url = storage.getItem(KEYS.url);
    if (!url) {
      publish(EMPTY);
      return;
    }
    const receivedAt = Number(storage.getItem(KEYS.receivedAt));
    const receivedPath = storage.getItem(KEYS.receivedPath);
    const expired = !Number.isFinite(receivedAt) || receivedAt <= 0 || env.now() - receivedAt >= NUDGE_TIMING.autoClearMs;
    if (expired || (receivedPath !== null && receivedPath !== pathname)) {
      clear();
      return;
    }
    if (autoClearTimer === undefined) scheduleAutoClear(receivedAt);
    const clicked = storage.getItem(KEYS.clicked) === 'true';
    publish({ url, clicked, visible: !clicked });
  }

  function postToWorker(message: NudgeMessage) {
    try {
      env.serviceWorker?.controller?.postMessage(message);
    } catch (error) {
      log(`could not tell the service worker ${message.type}`, error);
    }
  }

  function receive(url: string, source: NudgeSource) {
    // The same nudge announced twice (channel and worker message) is one nudge.
    if (snapshot.url === url && !snapshot.clicked) return;
    const now = env.now();
    storage.setItem(KEYS.url, url);
    storage.setItem(KEYS.clicked, 'false'); // a new nudge resets the clicked flag
    storage.setItem(KEYS.receivedPath, env.pathname());
    storage.setItem(KEYS.receivedAt, String(now));
    storage.setItem(KEYS.lastReceived, url);
    scheduleAutoClear(now);
    sync();
    postToWorker({ type: 'NUDGE_RECEIVED', url, timestamp: now, source });
  }

  function click() {
    const { url, visible } = snapshot;
    if (!url || !visible) return;
    storage.setItem(KEYS.clicked, 'true');
    clear();
    clearTimeout(backupClearTimer);
    backupClearTimer = setTimeout(() => {
      backupClearTimer = undefined;
      // Backup: whatever put this nudge back meanwhile (a late echo of it) is cleared too; a
      // different nudge that arrived since is left alone.
      if (storage.getItem(KEYS.url) === url) clear();
    }, NUDGE_TIMING.backupClearMs);
    try {
      if (isExternalUrl(url)) env.openExternal(url);
      else env.navigate(url);
    } catch (error) {
      log('could not open the nudge', error);
    }
  }

  function handleMessage(data: unknown, source: NudgeSource) {
    const message = acceptNudgeMessage(data);
    if (message) receive(message.url, source);
  }

  async function checkDatabase() {
    try {
      const stored = await env.readStoredNudge();
      if (!stored) return;
      // `current` stays in the database: once this session has had that nudge, it is not shown again.
      if (stored.from === 'current' && storage.getItem(KEYS.lastReceived) === stored.url) return;
      receive(stored.url, 'database');
    } catch (error) {
      log('could not read the nudge database', error);
    }
  }

  function setUpChannel() {
    clearTimeout(channelTestTimer);
    try {
      channel?.close();
    } catch (error) {
      log('could not close the broadcast channel', error);
    }
    channel = null;
    if (!env.createChannel) return;
    try {
      const opened = env.createChannel(NUDGE_CHANNEL);
      opened.addEventListener('message', (event) => handleMessage((event as MessageEvent).data, 'channel'));
      opened.addEventListener('messageerror', (event) => {
        log('broadcast channel error, opening it again', event);
        if (channel === opened) setUpChannel();
      });
      channel = opened;
      channelTestTimer = setTimeout(() => {
        try {
          opened.postMessage({ type: 'TEST', timestamp: env.now() } satisfies NudgeMessage);
        } catch (error) {
          log('broadcast channel test failed', error);
        }
      }, NUDGE_TIMING.channelTestMs);
    } catch (error) {
      log('could not open the broadcast channel', error);
    }
  }

  function start() {
    storage.setItem(KEYS.appInitialized, 'true');
    sync();

    const onWindowMessage = (event: Event) => {
      const { origin, data } = event as MessageEvent;
      if (origin === env.origin) handleMessage(data, 'window');
    };
    const onWorkerMessage = (event: Event) => handleMessage((event as MessageEvent).data, 'worker');
    const onFocus = () => {
      setUpChannel();
      void checkDatabase();
    };
    const onVisibility = () => {
      if (env.document.visibilityState !== 'visible') return;
      clearTimeout(visibilityTimer);
      visibilityTimer = setTimeout(() => void checkDatabase(), NUDGE_TIMING.visibilityRecheckMs);
    };

    setUpChannel();
    env.window.addEventListener('message', onWindowMessage);
    env.window.addEventListener('focus', onFocus);
    env.document.addEventListener('visibilitychange', onVisibility);
    let workerListening = false;
    try {
      env.serviceWorker?.addEventListener('message', onWorkerMessage);
      env.serviceWorker?.startMessages?.();
      workerListening = Boolean(env.serviceWorker);
    } catch (error) {
      log('could not listen to the service worker', error);
    }
    const syncInterval = setInterval(() => sync(), NUDGE_TIMING.syncMs);
    const appReadyTimer = setTimeout(() => {
      postToWorker({ type: 'APP_READY', url: env.href(), timestamp: env.now(), listening: channel !== null || workerListening });
    }, NUDGE_TIMING.appReadyMs);
    void checkDatabase();

    return () => {
      clearInterval(syncInterval);
      clearTimeout(appReadyTimer);
      clearTimeout(visibilityTimer);
      clearTimeout(channelTestTimer);
      clearTimeout(backupClearTimer);
      clearTimeout(autoClearTimer);
      autoClearTimer = undefined;
      env.window.removeEventListener('message', onWindowMessage);
      env.window.removeEventListener('focus', onFocus);
      env.document.removeEventListener('visibilitychange', onVisibility);
      env.serviceWorker?.removeEventListener('message', onWorkerMessage);
      try {
        channel?.close();
      } catch (error) {
        log('could not close the broadcast channel', error);
      }
      channel = null;
    };
  }

  return {
    start,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive,
    click,
    pathChanged: (pathname) => sync(pathname),
    checkDatabase,
    clear,
  };
}
