// index → bootstrap: shared singletons (react, router, ui) are negotiated by the federation
// runtime before any of them is imported. The manifest fetch starts in parallel.
// Render-blocking CSS for the first paint: tokens, fonts and the navigation that index.html
// already contains, so the page is styled before any JavaScript runs.
import '@croft/ui/global.css';
import './app/top-nav.css';
import { fetchRemoteManifest } from './app/remote-manifest';
import { nextTask } from './app/next-task';

const manifest = fetchRemoteManifest();

// A phone's first tap waits for the longest task in its way, so the start is cut into tasks:
// the federation runtime starts in this one; React DOM (compiled and evaluated alone: the largest
// module) in the next; the app's modules and its first render after that. The chunks were
// preloaded with the page, so waiting costs no round trip. (The workspace's own libraries cannot
// be split off the same way: a library imported lazily here could no longer be imported
// statically anywhere in the shell, which the module-boundary rule enforces.)
void nextTask()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(manifest));
