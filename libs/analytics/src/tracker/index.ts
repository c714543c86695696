/**
 * @croft/analytics/tracker: the tracker, in a chunk of its own that the shell loads after the page
 * is idle (shell/src/app/analytics/analytics-mount.tsx). Never import it statically from a page.
 */
export { startTracker, ANALYTICS_QUEUE_MAX, ANALYTICS_MARK_MS } from './tracker';
export type { Tracker, TrackerOptions } from './tracker';
