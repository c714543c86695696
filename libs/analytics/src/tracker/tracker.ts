/**
 * The site analytics tracker (issue 15; spec 001 §3, §7–§9), loaded after idle in its own chunk.
 * It records the spec's facts into a queue and sends them in batches of at most
 * ANALYTICS_BATCH_MAX: on idle, every ANALYTICS_FLUSH_INTERVAL_MS, and by sendBeacon when the tab
 * is hidden or the page goes away (with the spec's page-end beacon). Failures are logged once and
 * dropped (spec §8); nothing is ever thrown or shown.
 */
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_BODY_MAX_BYTES,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_ROUTES,
  ANALYTICS_SESSION_DEFER_MS,
  ANALYTICS_SESSION_KEY,
  ANALYTICS_TEXT_MAX,
  endpointUrl,
  type AnalyticsTransition,
} from '@croft/contracts/analytics-routes';
import type { AnalyticsEvent, AnalyticsPageEnd } from '@croft/contracts';
import { ANALYTICS_GESTURE_EVENT, ANALYTICS_STOP_EVENT, isAnalyticsAllowed, whenIdle } from '../index';
import { cleanPath, cleanReferrer, cleanText, cut, describeEnvironment, randomId } from './describe';

export interface TrackerOptions {
  /** The path the visitor is on now (the router's pathname; default location.pathname). */
  path?: string;
  /** The member's access token when signed in: sent as `Authorization: Bearer`, and the session's is_authenticated. */
  getAccessToken?: () => string | null | undefined;
  /** Runs a task when the browser is idle, `timeoutMs` at most (default whenIdle). */
  idle?: (task: () => void, timeoutMs: number) => () => void;
}

export interface Tracker {
  /** The router moved to `path`: ends the page view, records the journey, starts the next view. */
  navigate(path: string): void;
  /** Sends the queue now. */
  flush(): void;
  /** Stops listening and drops the queue: nothing more is recorded or sent. */
  stop(): void;
}

/** At most this many events wait; the oldest go first (a failed batch is dropped, never retried). */
export const ANALYTICS_QUEUE_MAX = 4 * ANALYTICS_BATCH_MAX;
/** A click in a <nav>, or a gesture mark, names the transition of a navigation this soon after it (the shell's transitions take 1.4 s). */
export const ANALYTICS_MARK_MS = 3_000;

const BUTTONS = 'button,a,[role="button"],input[type="submit"],input[type="button"]';

/** The tab's analytics session id (spec 001 §3: session storage), made once per tab. */
function sessionIdOf(): string {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
  } catch {
    /* storage blocked: an id for this page only */
  }
  if (id && /^[\w-]{16,64}$/.test(id)) return id;
  id = randomId();
  try {
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
  } catch {
    /* as above */
  }
  return id;
}

/** Starts recording; null (and nothing done at all) under Do Not Track, Global Privacy Control or the opt-out. */
export function startTracker(options: TrackerOptions = {}): Tracker | null {
  if (!isAnalyticsAllowed()) return null;
  const idle = options.idle ?? whenIdle;
  const token = () => {
    try {
      return options.getAccessToken?.() || null;
    } catch {
      return null;
    }
  };
  const now = () => Date.now();
  const sessionId = sessionIdOf();
  const eventsUrl = endpointUrl(ANALYTICS_ROUTES.events);
  let queue: AnalyticsEvent[] = [];
  let stopped = false;
  let warned = false;
  const cleanups: (() => void)[] = [];

  // The page view under way: its visible time so far, and the deepest scroll reached.
  let path = '';
  let viewId = '';
  let shownMs = 0;
  let visibleSince: number | null = null;
  let depth = 0;
  let reported = '';
  let mark: { type: AnalyticsTransition; at: number } | null = null;

  const warn = (why: unknown) => {
    if (!warned) console.warn('[analytics] could not send events (dropped)', why);
    warned = true;
  };

  const beacon = (url: string, body: string) => {
    if (!navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) warn('sendBeacon refused');
  };

  const send = (events: AnalyticsEvent[], useBeacon: boolean) => {
    const body = JSON.stringify({ session_id: sessionId, events });
    if (events.length > 1 && new Blob([body]).size > ANALYTICS_BODY_MAX_BYTES) {
      const half = events.length >> 1;
      send(events.slice(0, half), useBeacon);
      send(events.slice(half), useBeacon);
      return;
    }
    try {
      if (useBeacon) return beacon(eventsUrl, body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const bearer = token();
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      // keepalive: a batch under way when the visitor leaves still arrives. The answer's body is
      // read to the end, though nothing in it is needed: a response left unread keeps its request
      // open in the browser's network stack, and a page whose network never goes quiet looks
      // still loading to anything that waits for it (Lighthouse waited its full 45 s).
      fetch(eventsUrl, { method: 'POST', keepalive: true, credentials: 'same-origin', headers, body })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) warn(res.status);
        })
        .catch(warn);
    } catch (error) {
      warn(error);
    }
  };

  let cancelFlush: (() => void) | null = null;
  const flush = (useBeacon = false) => {
    cancelFlush?.();
    cancelFlush = null;
    if (stopped || !queue.length) return;
    if (!isAnalyticsAllowed()) return stop();
    const all = queue;
    queue = [];
    for (let i = 0; i < all.length; i += ANALYTICS_BATCH_MAX) send(all.slice(i, i + ANALYTICS_BATCH_MAX), useBeacon);
  };
  const flushOnIdle = () => {
    cancelFlush ??= idle(() => {
      cancelFlush = null;
      flush();
    }, 1_000);
  };

  const push = (event: AnalyticsEvent) => {
    if (stopped) return;
    queue.push(event);
    if (queue.length > ANALYTICS_QUEUE_MAX) queue.splice(0, queue.length - ANALYTICS_QUEUE_MAX);
    if (queue.length >= ANALYTICS_BATCH_MAX) flushOnIdle();
  };

  /** The deepest point of the page seen so far, in percent (a page that fits the window is seen whole). */
  const measure = () => {
    const height = document.documentElement.scrollHeight;
    const seen = window.scrollY + window.innerHeight;
    const percent = height <= window.innerHeight ? 100 : Math.round((seen / height) * 100);
    depth = Math.max(depth, Math.min(100, Math.max(0, percent)));
  };
  const seconds = () => Math.min(86_400, Math.floor((shownMs + (visibleSince === null ? 0 : now() - visibleSince)) / 1000));
  const pause = () => {
    if (visibleSince !== null) shownMs += now() - visibleSince;
    visibleSince = null;
  };

  /** The view's time and depth so far, unless already reported as they are. */
  const update = () => {
    const time_spent_seconds = seconds();
    if (reported === `${time_spent_seconds}/${depth}`) return;
    reported = `${time_spent_seconds}/${depth}`;
    push({ type: 'page_update', at: now(), view_id: viewId, time_spent_seconds, scroll_depth_percent: depth });
  };

  const view = (next: string, referrer: string) => {
    path = next;
    viewId = randomId();
    shownMs = 0;
    visibleSince = document.visibilityState === 'hidden' ? null : now();
    depth = 0;
    reported = '';
    push({ type: 'page_view', at: now(), view_id: viewId, page_path: path, page_title: cut(document.title, 200), referrer });
  };

  let sessionStarted = false;
  const sessionStart = () => {
    if (sessionStarted || stopped) return;
    sessionStarted = true;
    const env = describeEnvironment(navigator.userAgent, navigator.maxTouchPoints || 0, window.innerWidth);
    push({
      type: 'session_start',
      at: now(),
      referrer: cleanReferrer(document.referrer, location.origin),
      ...env,
      is_authenticated: Boolean(token()),
    });
    flushOnIdle();
  };
  // Spec 001 §7: the session upsert waits for idle time, or 2 s at most (or the page going away).
  const cancelSessionStart = idle(sessionStart, ANALYTICS_SESSION_DEFER_MS);

  const on = (target: EventTarget, type: string, listener: (event: never) => void, capture = false) => {
    target.addEventListener(type, listener as EventListener, { capture, passive: true });
    cleanups.push(() => target.removeEventListener(type, listener as EventListener, { capture }));
  };
  const markAs = (type: AnalyticsTransition) => {
    measure();
    mark = { type, at: now() };
  };

  on(
    document,
    'click',
    (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || target.closest('[data-analytics="off"]')) return;
      // The page is still the one being left: its depth now, before any navigation.
      measure();
      mark = target.closest('nav,[role="navigation"]') ? { type: 'nav', at: now() } : null;
      const el = target.closest<HTMLElement>(BUTTONS);
      if (!el) return;
      const input = el instanceof HTMLInputElement;
      const extra: Record<string, string> = {};
      if (el instanceof HTMLAnchorElement && el.href) {
        try {
          const url = new URL(el.href);
          if (url.origin === location.origin) extra.href = cleanPath(url.pathname, 100);
          else if (/^https?:$/.test(url.protocol)) extra.host = cut(url.hostname, 100);
          else extra.scheme = cut(url.protocol.slice(0, -1), 100);
        } catch {
          /* not a URL: nothing extra */
        }
      }
      const className = typeof el.className === 'string' ? el.className : (el.getAttribute('class') ?? '');
      push({
        type: 'interaction',
        at: now(),
        page_path: path,
        interaction_type: (input || el instanceof HTMLButtonElement) && (el as HTMLButtonElement).type === 'submit' && (el as HTMLButtonElement).form ? 'submit' : 'click',
        element_id: cut(el.id, 100),
        element_class: cleanText(className, 200),
        // A submit or button input's value is its label, never something typed.
        element_text: cleanText(el.getAttribute('aria-label') ?? (input ? el.value : el.textContent || el.title), ANALYTICS_TEXT_MAX),
        coordinates:
          event.detail === 0 && !event.pageX && !event.pageY
            ? null
            : { x: Math.min(100_000, Math.max(0, Math.round(event.pageX))), y: Math.min(1_000_000, Math.max(0, Math.round(event.pageY))) },
        ...(Object.keys(extra).length ? { additional_data: extra } : {}),
      });
    },
    true,
  );
  on(window, 'popstate', () => markAs('back'), true);
  on(window, ANALYTICS_GESTURE_EVENT, () => markAs('gesture'));
  on(window, 'scroll', measure);
  on(document, 'visibilitychange', () => {
    if (document.visibilityState !== 'hidden') {
      visibleSince ??= now();
      return;
    }
    // Hidden (another tab, the app switcher, often the last event a phone sends): report and send.
    pause();
    measure();
    update();
    flush(true);
  });
  on(window, 'pagehide', () => {
    sessionStart();
    pause();
    measure();
    update();
    const end: AnalyticsPageEnd = { sessionId, pagePath: path, timeSpent: seconds(), scrollDepth: depth, viewId };
    try {
      beacon(endpointUrl(ANALYTICS_ROUTES.pageEnd), JSON.stringify(end));
    } catch (error) {
      warn(error);
    }
    push({ type: 'session_end', at: now() });
    flush(true);
  });
  on(window, ANALYTICS_STOP_EVENT, () => stop());
  const interval = setInterval(flushOnIdle, ANALYTICS_FLUSH_INTERVAL_MS);

  function stop() {
    stopped = true;
    queue = [];
    clearInterval(interval);
    cancelFlush?.();
    cancelSessionStart();
    for (const cleanup of cleanups.splice(0)) cleanup();
  }

  view(cleanPath(options.path ?? location.pathname), cleanReferrer(document.referrer, location.origin));

  return {
    navigate(next) {
      const to = cleanPath(next);
      if (stopped || to === path) return;
      update();
      const type = mark && now() - mark.at <= ANALYTICS_MARK_MS ? mark.type : 'link';
      mark = null;
      push({ type: 'journey', at: now(), from_page: path, to_page: to, transition_type: type });
      view(to, path);
    },
    flush: () => flush(),
    stop,
  };
}
