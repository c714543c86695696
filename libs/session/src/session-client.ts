import { SESSION_ROUTES, endpointUrl } from '@croft/contracts/session-routes';
import { readClaims } from './jwt-claims';

export interface SessionUser {
  id: string;
  email: string;
  roles: string[];
  factors?: { id: string; factor_type: string; status: string; friendly_name?: string }[];
  member?: boolean;
}

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Seconds since the epoch. */
  expires_at: number;
  user: SessionUser;
}

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'MFA_CHALLENGE_VERIFIED';
export type AuthListener = (event: AuthEvent, session: Session | null) => void;

/** A refresh failure that retrying cannot fix (the refresh token is gone, revoked or reused). */
export class SessionExpiredError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`Session ended (${code})`);
    this.name = 'SessionExpiredError';
  }
}

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface VisibilitySource {
  isVisible(): boolean;
  onChange(listener: () => void): () => void;
}

export interface SessionClientOptions {
  /** Prefix for the identity endpoints' paths: '' on the site (same origin; the refresh cookie rides along). */
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  timers?: Timers;
  visibility?: VisibilitySource;
  /** Refresh this long before the access token expires. */
  refreshMarginMs?: number;
  /** Back-off for retryable refresh failures: 200 ms, 400 ms, 800 ms… */
  retryBaseMs?: number;
  maxRetries?: number;
}

const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

const documentVisibility: VisibilitySource = {
  isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  onChange(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** Refresh a minute early; the exact tick is not in the spec (000 §9). */
export const REFRESH_MARGIN_MS = 60_000;
/** Never refresh sooner than this after receiving a token. */
export const MIN_REFRESH_DELAY_MS = 1_000;
/** Back-off starts at 200 ms (spec 000 §9). */
export const REFRESH_RETRY_BASE_MS = 200;

/**
 * The browser's view of the sign-in session: the access token lives in memory only; the
 * refresh token is an httpOnly cookie the identity service rotates. Refreshes shortly before
 * expiry and when the tab becomes visible again, never while hidden; retries network and
 * server failures with exponential back-off; a non-retryable failure removes the session.
 */
export function createSessionClient(options: SessionClientOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const timers = options.timers ?? browserTimers;
  const visibility = options.visibility ?? documentVisibility;
  const margin = options.refreshMarginMs ?? REFRESH_MARGIN_MS;
  const retryBase = options.retryBaseMs ?? REFRESH_RETRY_BASE_MS;
  const maxRetries = options.maxRetries ?? 5;

  let session: Session | null = null;
  let timer: unknown = null;
  let inFlight: Promise<Session | null> | null = null;
  /** Bumped by sign-in and sign-out: a refresh answered after either is stale and dropped. */
  let generation = 0;
  const listeners = new Set<AuthListener>();

  function emit(event: AuthEvent) {
    for (const listener of [...listeners]) listener(event, session);
  }

  function clearTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  /** When the current session's token is due for a refresh, on this device's clock. */
  let dueAt = 0;

  /**
   * Timed from expires_in at receipt (the device's clock may be off from the server's), a margin
   * before expiry but never sooner than half the token's remaining life nor 1 s: a short-lived
   * token (a session near its end) is not refreshed in a tight loop.
   */
  function computeDueAt(next: Session): number {
    const lifetimeMs = Number.isFinite(next.expires_in)
      ? Math.max(0, next.expires_in * 1000)
      : Math.max(0, next.expires_at * 1000 - timers.now());
    return timers.now() + Math.max(MIN_REFRESH_DELAY_MS, lifetimeMs - margin, lifetimeMs / 2);
  }

  function schedule() {
    clearTimer();
    if (!session || !visibility.isVisible()) return;
    timer = timers.setTimeout(() => void refresh().catch(() => undefined), Math.max(0, dueAt - timers.now()));
  }

  function set(next: Session | null, event: AuthEvent) {
    // The same token handed back again (e.g. 'Welcome back!' with the current session) keeps its timing.
    const sameToken = next !== null && session !== null && next.access_token === session.access_token;
    session = next;
    if (session) {
      if (!sameToken) dueAt = computeDueAt(session);
      schedule();
    } else clearTimer();
    emit(event);
  }

  async function post(url: string, body?: unknown): Promise<Response> {
    return doFetch(`${base}${url}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function refreshOnce(): Promise<Session> {
    const res = await post(endpointUrl(SESSION_ROUTES.refreshSession, { query: { grant_type: 'refresh_token' } }));
    if (res.ok) return (await res.json()) as Session;
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    const code = body?.error?.code ?? `http_${res.status}`;
    // 4xx (no cookie, revoked, reused, expired) will not get better by retrying.
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
      throw new SessionExpiredError(res.status, code);
    }
    throw new Error(`refresh failed: ${code}`);
  }

  function wait(ms: number) {
    return new Promise<void>((resolve) => timers.setTimeout(resolve, ms));
  }

  /**
   * Calls the refresh endpoint, retrying network and server failures with back-off; resolves to
   * the new session, or null when the session ended (a non-retryable failure). Rejects once the
   * retries are used up.
   */
  async function refreshWithRetries(): Promise<Session | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await refreshOnce();
      } catch (error) {
        if (error instanceof SessionExpiredError) return null;
        if (attempt >= maxRetries) throw error;
        await wait(retryBase * 2 ** attempt);
      }
    }
  }

  /** Refreshes now (one refresh at a time); resolves to the new session or null when it ended. */
  function refresh(): Promise<Session | null> {
    if (inFlight) return inFlight;
    const started = generation;
    inFlight = (async () => {
      const next = await refreshWithRetries();
      // Signed out (or in again) meanwhile: this answer belongs to a session that is gone.
      if (started !== generation) return session;
      if (next) set(next, 'TOKEN_REFRESHED');
      else if (session) set(null, 'SIGNED_OUT');
      return next;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const stopWatchingVisibility = visibility.onChange(() => {
    if (!visibility.isVisible()) {
      clearTimer();
      return;
    }
    if (!session) return;
    if (dueAt <= timers.now()) void refresh().catch(() => undefined);
    else schedule();
  });

  return {
    getSession: () => session,
    onAuthStateChange(listener: AuthListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Store a session the identity service just issued (code verified, MFA verified). */
    setSession(next: Session, event: 'SIGNED_IN' | 'MFA_CHALLENGE_VERIFIED' = 'SIGNED_IN') {
      generation += 1;
      set(next, event);
    },
    /**
     * On start-up: restore the session from the refresh cookie, if there is one. Resolves to null
     * when there is no live session; network and server failures are retried with back-off, and
     * reject once the retries are used up (the cookie may still be good: try again later).
     */
    async restore(): Promise<Session | null> {
      const started = generation;
      const res = await refreshWithRetries();
      if (started !== generation) return session;
      if (res) set(res, 'SIGNED_IN');
      return res;
    },
    refresh,
    async signOut(): Promise<void> {
      const res = await doFetch(`${base}${endpointUrl(SESSION_ROUTES.logout)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: session ? { authorization: `Bearer ${session.access_token}` } : {},
      });
      if (!res.ok && res.status !== 401) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? `Sign out failed (${res.status})`);
      }
      generation += 1;
      set(null, 'SIGNED_OUT');
    },
    /** Authenticator assurance: the level from the token; next is aal2 if any verified factor exists. */
    assurance(): { currentLevel: 'aal1' | 'aal2' | null; nextLevel: 'aal1' | 'aal2' | null } {
      if (!session) return { currentLevel: null, nextLevel: null };
      const claims = readClaims(session.access_token);
      const currentLevel = claims?.aal ?? 'aal1';
      const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
      return { currentLevel, nextLevel: verified ? 'aal2' : currentLevel };
    },
    dispose() {
      clearTimer();
      stopWatchingVisibility();
      listeners.clear();
    },
  };
}

export type SessionClient = ReturnType<typeof createSessionClient>;
