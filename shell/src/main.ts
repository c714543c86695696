// index → bootstrap: shared singletons (react, router, ui) are negotiated by the federation
// runtime before any of them is imported. The manifest fetch starts in parallel.
// Render-blocking CSS for the first paint: tokens, fonts and the navigation that index.html
// already contains, so the page is styled before any JavaScript runs.
import '@croft/ui/global.css';
import './app/top-nav.css';
import { fetchRemoteManifest } from './app/remote-manifest';

const manifest = fetchRemoteManifest();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A phone's first tap waits for the longest task in its way, so the start is cut into tasks:
// the federation runtime starts in this one; React DOM (compiled and evaluated alone: the largest
// module) in the next; the router and data layer, the design system, then the app's own modules
// and its first render. The chunks were preloaded with the page, so waiting costs no round trip.
void nextTask()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => Promise.all([import('@croft/router'), import('@croft/query')]))
  .then(nextTask)
  .then(() => import('@croft/ui'))
  .then(nextTask)
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(manifest));
