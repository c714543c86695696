/**
 * @croft/analytics: the part of site analytics (issue 15; spec 001 §3, §7–§9) that may sit in a
 * visitor's first load, a few hundred bytes: the privacy checks, the opt-out, the gesture mark and
 * an idle helper. The tracker itself is '@croft/analytics/tracker', loaded in its own chunk after
 * the page is idle (shell/src/app/analytics).
 *
 * The shell and every remote may hold their own copy of this module (it is not a federation
 * singleton), so they talk to the running tracker through window events, never module state.
 */
import { ANALYTICS_OPT_OUT_KEY, ANALYTICS_SESSION_KEY } from '@croft/contracts/analytics-routes';

/** Dispatched on window by setAnalyticsOptOut(true): a running tracker stops and drops its queue. */
export const ANALYTICS_STOP_EVENT = 'croft:analytics-stop';
/** Dispatched on window by markGestureNavigation(): the next navigation is a 'gesture' journey. */
export const ANALYTICS_GESTURE_EVENT = 'croft:analytics-gesture';

/** What stops analytics in this browser (any one is enough). */
export interface AnalyticsSignals {
  /** The browser sends Do Not Track. */
  doNotTrack: boolean;
  /** The browser sends Global Privacy Control. */
  globalPrivacyControl: boolean;
  /** The visitor turned analytics off on /privacy (or local storage is blocked, so no choice can be read). */
  optedOut: boolean;
  /** Automation software drives the browser (navigator.webdriver): a test or a headless crawler, not a visitor. */
  automated: boolean;
}

export function analyticsSignals(): AnalyticsSignals {
  if (typeof navigator === 'undefined') return { doNotTrack: false, globalPrivacyControl: false, optedOut: true, automated: false };
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  let optedOut: boolean;
  try {
    optedOut = localStorage.getItem(ANALYTICS_OPT_OUT_KEY) === '1';
  } catch {
    optedOut = true;
  }
  return {
    doNotTrack: nav.doNotTrack === '1' || (window as { doNotTrack?: string }).doNotTrack === '1',
    globalPrivacyControl: nav.globalPrivacyControl === true,
    optedOut,
    automated: nav.webdriver === true,
  };
}

/**
 * False under Do Not Track, Global Privacy Control or the opt-out (then nothing is recorded, stored
 * or sent), and in a browser driven by automation: headless crawlers and test runs are not visitors
 * (the service drops bots by their user agent as well).
 */
export function isAnalyticsAllowed(): boolean {
  const s = analyticsSignals();
  return !s.doNotTrack && !s.globalPrivacyControl && !s.optedOut && !s.automated;
}

/**
 * Turns analytics off (true) or back on (false) for this browser. Off also stops a tracker running
 * in this page and forgets this tab's analytics session id; on takes effect from the next page
 * load. Returns false when the choice could not be stored (local storage blocked).
 */
export function setAnalyticsOptOut(on: boolean): boolean {
  try {
    if (on) {
      localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1');
      sessionStorage.removeItem(ANALYTICS_SESSION_KEY);
    } else localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
  } catch {
    return false;
  } finally {
    if (on) window.dispatchEvent(new Event(ANALYTICS_STOP_EVENT));
  }
  return true;
}

/** Call just before a secret gesture navigates: the journey is recorded as 'gesture'. */
export function markGestureNavigation(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(ANALYTICS_GESTURE_EVENT));
}

/** Runs `task` when the page is idle, or after `timeoutMs` at most (all a browser without requestIdleCallback gets); returns a cancel. */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, timeoutMs);
  return () => clearTimeout(id);
}
