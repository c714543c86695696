// The tracker's chunk: the mount imports this file lazily (after idle), so '@croft/analytics/tracker'
// is never in the first load; lint forbids importing one lib both statically and lazily.
export { startTracker } from '@croft/analytics/tracker';
