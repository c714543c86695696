// index → bootstrap: shared singletons (react, router, ui) are negotiated by the federation
// runtime before any of them is imported. The manifest fetch starts in parallel.
// Render-blocking CSS for the first paint: tokens, fonts and the navigation that index.html
// already contains, so the page is styled before any JavaScript runs.
import '@croft/ui/global.css';
import './app/top-nav.css';
import { fetchRemoteManifest } from './app/remote-manifest';
import { afterNextFrame } from './app/next-task';

// A phone's first tap waits for the longest task in its way, so the start is cut into tasks:
// 1. the federation runtime starts in this one;
// 2. React: it lives in the first-load chunks (with the design system, the router, react-query and
//    their stylesheet), so asking for it has the runtime negotiate those shared modules and insert
//    their scripts and stylesheet. Asked for together with React DOM (which needs React), all of
//    that and React DOM's own script were one 30–50 ms task at 4× slowed CPU; apart, 15–27 and
//    8–12 ms (tools/perf, /cafe);
// 3. React DOM (compiled and evaluated alone: the largest module);
// 4. the app's modules and its first render.
// Each step waits for the browser's next frame, then a task (afterNextFrame): with only a task
// between them, Chrome ran the steps back to back and put its frame off behind them, so a touch
// the browser holds for the next frame (DevTools' touch emulation) waited for several steps: the
// nav's Menu touched as it appears, 91–95 ms at the median on /cafe and /beer (4×, 5 runs), now
// 55–66 ms, with the page answering no later (tools/perf/main-thread.ts --pointer touch).
// The chunks were preloaded with the page, so waiting costs no round trip. (The workspace's own
// libraries cannot be split off the same way: a library imported lazily here could no longer be
// imported statically anywhere in the shell, which the module-boundary rule enforces.)
// The chain starts from a microtask, still in this task but after the script's own evaluation:
// a Chrome trace (DevTools' Performance panel, tools/perf/main-thread.ts) records the JavaScript
// stack of a timer's or a request's initiator, and V8 re-parses every function on that stack for
// its source positions. From the script's top level that stack held the bundle's outer function
// and the script itself, so a trace re-parsed all of main.js twice inside its evaluation (20–45 ms
// of a 40–66 ms task at 4×); from the microtask it is three small functions. Untraced, the same.
queueMicrotask(() => {
  const manifest = fetchRemoteManifest();
  void afterNextFrame()
    .then(() => import('react'))
    .then(afterNextFrame)
    .then(() => import('react-dom/client'))
    .then(afterNextFrame)
    .then(() => import('./bootstrap'))
    .then(({ start }) => start(manifest));
});
