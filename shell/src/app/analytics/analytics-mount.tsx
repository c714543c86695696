import { useEffect, useRef } from 'react';
import { useLocation } from '@croft/router';
import { isAnalyticsAllowed, whenIdle } from '@croft/analytics';
import { getSessionClient } from '@croft/session';
import type { Tracker, TrackerOptions } from '@croft/analytics/tracker';

type TrackerModule = { startTracker: (options: TrackerOptions) => Tracker | null };

export interface AnalyticsMountProps {
  /** How long to wait for idle at most before loading the tracker. */
  idleTimeoutMs?: number;
  /** Loads the tracker's chunk (tests pass their own). */
  load?: () => Promise<TrackerModule>;
}

const loadTracker = () => import('./tracker-chunk');
const accessToken = () => getSessionClient().getSession()?.access_token;

/**
 * Site analytics' part of the first load (issue 15): nothing until the page is idle, then, unless
 * Do Not Track, Global Privacy Control or the visitor's opt-out says no, the tracker's own chunk,
 * started on the router's path and told of every route change. A failed load is logged once,
 * never shown (spec 001 §8).
 */
export function AnalyticsMount({ idleTimeoutMs = 3000, load = loadTracker }: AnalyticsMountProps) {
  const { pathname } = useLocation();
  const path = useRef(pathname);
  const tracker = useRef<Tracker | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      if (!isAnalyticsAllowed()) return;
      load().then(
        ({ startTracker }) => {
          if (live) tracker.current = startTracker({ path: path.current, getAccessToken: accessToken });
        },
        (error: unknown) => console.warn('[analytics] could not load the tracker', error),
      );
    }, idleTimeoutMs);
    return () => {
      live = false;
      cancel();
      tracker.current?.stop();
      tracker.current = null;
    };
  }, [idleTimeoutMs, load]);
  useEffect(() => {
    path.current = pathname;
    tracker.current?.navigate(pathname);
  }, [pathname]);
  return null;
}
