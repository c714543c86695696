/**
 * auto-link-push-subscription (spec 000 §7, §8, §9): about 1 s after a sign-in, or after a load
 * that finds a session, ask the nudge service to link this browser's push subscription to the
 * member; at most once per 30 s (across reloads of the tab, through session storage). Failures are
 * only logged.
 */

export const AUTO_LINK_TIMING = {
  /** Spec 000 §9: the call waits 1 s after the sign-in. */
  delayMs: 1000,
  /** Spec 000 §9: at most once per 30 s. */
  throttleMs: 30_000,
} as const;

/** Session storage: when the last call went (epoch ms). */
export const AUTO_LINK_LAST_KEY = 'croft:nudge-auto-link-at';

/** What auto-link needs of the session client (@croft/session's shape). */
export interface AutoLinkSession {
  getSession(): unknown;
  onAuthStateChange(listener: (event: string, session: unknown) => void): () => void;
}

export interface AutoLinkOptions {
  session: AutoLinkSession;
  /** The call itself; answers `linked`. */
  link: () => Promise<boolean>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (message: string, error?: unknown) => void;
}

/** Starts watching the session; returns the stop. */
export function startAutoLink(options: AutoLinkOptions): () => void {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const log = options.log ?? ((message, error) => console.warn(`[nudge] ${message}`, error));
  const storage = options.storage === undefined ? safeSessionStorage() : options.storage;
  let memoryLast = 0;
  let timer: unknown = null;

  const lastCall = () => {
    try {
      const stored = Number(storage?.getItem(AUTO_LINK_LAST_KEY));
      return Math.max(memoryLast, Number.isFinite(stored) ? stored : 0);
    } catch {
      return memoryLast;
    }
  };

  const run = () => {
    timer = null;
    if (!options.session.getSession()) return;
    const at = now();
    if (at - lastCall() < AUTO_LINK_TIMING.throttleMs) return;
    memoryLast = at;
    try {
      storage?.setItem(AUTO_LINK_LAST_KEY, String(at));
    } catch {
      // Storage full or refused: the in-memory time still throttles this page.
    }
    options.link().catch((error: unknown) => log('auto-link-push-subscription failed', error));
  };

  const schedule = () => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(run, AUTO_LINK_TIMING.delayMs);
  };

  if (options.session.getSession()) schedule();
  const unsubscribe = options.session.onAuthStateChange((event) => {
    if (event === 'SIGNED_IN') schedule();
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
