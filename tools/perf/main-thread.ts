/**
 * The renderer's main thread on a phone-like load: a real Chrome trace with the CPU slowed 4×
 * (Emulation.setCPUThrottlingRate), viewport 412×823 at 1.75×, touch. Issue goal: no task over
 * 50 ms before the page answers its first tap, and input delay under 100 ms for the nav, OPEN
 * and the footer form. Prints figures (median and worst over the runs); never asserts.
 *
 *   node --import tsx tools/perf/main-thread.ts [--url http://localhost:3000] [--paths /,/cafe,/beer] [--runs 5] [--pointer click,touch] [--no-bare] [--no-plain]
 *
 * Without --url it starts the built gateway itself (npm run build first). --verbose says what lay
 * under a tap that did not do its job.
 *
 * 1. Long tasks. The bare React 19 host + one federated remote (tools/perf/baseline, as in
 *    lighthouse.ts) is traced the same way in every round, its "answer" being its remote's heading
 *    rendered: the floor of what the browser's own work and React cost on this machine.
 *    The page is traced from before navigation until 3 s after it "answers a tap":
 *    the site calls no performance.mark, so that moment is the first animation frame at which
 *    the OPEN button (on pages without it, the nav's Menu toggle) carries React's props
 *    (an own `__reactProps$…` property, i.e. React has attached its handlers), polled with a
 *    requestAnimationFrame loop installed before any page script runs. Every top-level RunTask
 *    over 50 ms on the page's CrRendererMain thread is listed (start after navigationStart,
 *    duration, its largest child), before that moment and in the 3 s after it, and the total
 *    blocking time from the trace (Σ max(0, dur − 50) of tasks starting between FCP and the
 *    moment + 3 s). Each long task is told as long because of script or the browser's own work
 *    (task-kind.ts: over 50 ms even without its script time): on this machine at 4× the bare
 *    host has browser tasks over 50 ms too (committing the navigation, the first layout), so the
 *    goal is read as no task long because of the page's script, beside the bare host's count.
 *    The recording costs the page too: while it records, V8 re-parses eagerly compiled code for
 *    its source positions (V8.CollectSourcePositions) inside the page's tasks, which it does not
 *    do untraced (task-kind.ts, RECORDING_SLICES). Each count is also given without that work,
 *    and each listed task says how much of it was the re-parse.
 *    The plain page (every script file refused: the prerendered HTML, its CSS and inline loader)
 *    is traced the same way in each round up to the moment the site answered in that round
 *    (--no-plain skips it): the long tasks the browser's own work has with our HTML and no script
 *    of ours, to read the site's "browser's own" count against.
 * 2. Input delay of a first tap (Event Timing `first-input`: processingStart − startTime) on the
 *    nav Menu toggle, OPEN and the footer newsletter email field, each tap in its own fresh load:
 *    as soon as the control is visible, and at +500 / +1000 / +2000 ms after navigation when that
 *    is later. The footer field is scrolled into view first (element.scrollIntoView in the page).
 *    "Visible" means painted (after FCP: Chrome drops input before the first paint), in the
 *    viewport and the element hit at its centre: on a first visit to / the intro overlay covers
 *    the page, so taps there wait for it to end, as a visitor's finger would.
 *    "answered" says whether the tap did its job within 5 s (menu expanded, menu dialog shown,
 *    field focused). The Menu is tapped the same way on the plain page too (every script file
 *    refused: the prerendered HTML and its inline loader, which opens the static menu), when
 *    visible and at +500 / +1000 ms: the delay the browser gives a first tap this early in a load
 *    with no script of ours running (--no-plain skips it).
 *    Every tap is given two ways, each in its own loads (--pointer click or touch for one):
 *    - click: CDP Input.dispatchMouseEvent, which the browser sends to the renderer at once, as
 *      the system sends a real finger's touch. Its delay is the page's: the task in progress when
 *      the tap lands, and what the renderer runs before input.
 *    - touch: Playwright's touchscreen (CDP Input.dispatchTouchEvent). DevTools holds an injected
 *      touch until the renderer's next frame update (Chromium's InputHandler waits for a visual
 *      state callback, so that listeners added since the last frame see it), and the event keeps
 *      the moment the command came as its timestamp, so that wait is counted as input delay. Early
 *      in a load, when the main thread is busy and frames are far apart, it is most of the figure
 *      (a trace of taps on / at 0.4–0.7 s: touches held 60–200 ms in the browser while clicks at
 *      the same moments waited 4–56 ms). Kept beside the click as the harsher reading.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';
import { arg, buildBaseline, serveStatic, startGatewayForPerf } from './perf-helpers';
import { anchor, NoAnchorError, type TraceEvent } from './trace-anchor';
import { kindOf, kindWithoutRecording, recordingTime, scriptTime, type TaskKind } from './task-kind';

const CONTEXT_OPTIONS = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const INPUT_DELAY_GOAL_MS = 100;
const AFTER_INTERACTIVE_MS = 3000;
const CATEGORIES = [
  'toplevel',
  'v8',
  'v8.execute',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  '__metadata',
];

type Control = 'nav' | 'open' | 'footer';
/** How a tap is given: a click (sent at once) or an emulated touch (held for a frame); see 2. above. */
type Pointer = 'click' | 'touch';
const POINTERS: Pointer[] = ['click', 'touch'];
const POINTER_LABEL: Record<Pointer, string> = {
  click: 'click (sent at once, as a real touch is)',
  touch: 'emulated touch (DevTools sends it after the next frame update)',
};
const CONTROLS: Control[] = ['nav', 'open', 'footer'];
const CONTROL_LABEL: Record<Control, string> = { nav: 'nav Menu toggle', open: 'OPEN', footer: 'footer email field' };
const LATER_MOMENTS = [500, 1000, 2000];

/* ------------------------------------------------------------------ in-page code (init scripts) */

declare global {
  interface Window {
    __ccReady?: { open?: number; toggle?: number; app?: number };
    __ccEntries?: { name: string; startTime: number; processingStart: number; processingEnd: number; duration: number; entryType: string }[];
  }
}

/** Polls every animation frame for React's props on OPEN and on the Menu toggle. */
function watchForReact(): void {
  const ready: { open?: number; toggle?: number; app?: number } = {};
  window.__ccReady = ready;
  const hasReact = (el: Element | null | undefined) => !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
  const findOpen = () =>
    document.querySelector('button[aria-label="Open menu"]') ??
    Array.from(document.querySelectorAll('button, a')).find(
      (el) => /^open$/i.test(el.textContent?.trim() ?? '') || /^open( menu)?$/i.test(el.getAttribute('aria-label') ?? ''),
    );
  const tick = () => {
    if (ready.toggle === undefined && hasReact(document.querySelector('button.shell-topnav__toggle'))) ready.toggle = performance.now();
    if (ready.open === undefined && hasReact(findOpen())) ready.open = performance.now();
    // The bare host's one page: its remote's heading, rendered by React.
    if (ready.app === undefined && hasReact(document.querySelector('main h1'))) ready.app = performance.now();
    const oursReady = ready.open !== undefined && ready.toggle !== undefined;
    // Our pages have a React heading too: `app` ends the watch only on a page without our nav.
    const bareReady = ready.app !== undefined && !document.querySelector('button.shell-topnav__toggle');
    if (!oursReady && !bareReady) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Keeps Event Timing entries on window and in sessionStorage (a tap that navigates keeps them). */
function observeInput(): void {
  const entries: NonNullable<Window['__ccEntries']> = [];
  window.__ccEntries = entries;
  const keep = (list: PerformanceObserverEntryList) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      entries.push({ name: e.name, entryType: e.entryType, startTime: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration });
    }
    try {
      sessionStorage.setItem('__ccEntries', JSON.stringify(entries));
    } catch {
      /* storage unavailable */
    }
  };
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver(keep).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/* ------------------------------------------------------------------ helpers */

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

async function freshPage(
  browser: Browser,
  init: (() => void)[],
  { scripts = true }: { scripts?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  // The plain page: every script file refused, so only what is in the HTML runs (its inline loader).
  if (!scripts) await context.route(/\.m?js(?:\?.*)?$/, (route) => route.abort());
  // tsx (esbuild keepNames) wraps inner functions in __name(); the page needs it for the functions we send.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

/* ------------------------------------------------------------------ 1. long tasks from a trace */

interface Task {
  start: number;
  dur: number;
  what: string;
  /** ms of it in script (task-kind.ts) */
  script: number;
  /** whose work made it long: 'browser' when it is over 50 ms even without its script */
  kind: TaskKind;
  /** ms of it the recording cost: V8 re-parsing code for source positions (task-kind.ts) */
  recording: number;
  /** `kind` without the recording's work; null when it is then not over 50 ms */
  kindUnrecorded: TaskKind | null;
}

interface TraceRun {
  interactive: number;
  interactiveOn: string;
  fcp: number;
  before: Task[];
  after: Task[];
  tbt: number;
  tasks: number;
}

const shortUrl = (u: unknown) => {
  if (typeof u !== 'string' || !u) return '';
  try {
    const url = new URL(u);
    return url.pathname.split('/').slice(-2).join('/');
  } catch {
    return u.slice(-40);
  }
};

/** Names worth telling a reader, in the words of the DevTools performance panel. */
const TELLING = new Set([
  'EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'V8.CompileCode', 'ParseHTML', 'Layout',
  'UpdateLayoutTree', 'RecalculateStyles', 'Paint', 'PrePaint', 'Layerize', 'TimerFire', 'FireAnimationFrame', 'EventDispatch',
  'RunMicrotasks', 'XHRReadyStateChange', 'ParseAuthorStyleSheet', 'MajorGC', 'MinorGC', 'V8.GC_MARK_COMPACTOR', 'Decode Image',
  'HitTest', 'Commit', 'DocumentLoader::CommitNavigation', 'ResourceReceivedData', 'ResourceFinish', 'v8.parseOnBackground', 'FireIdleCallback', 'ScheduleStyleRecalculation',
]);

/** Slices that only wrap the work (the task runner, mojo, V8's entry points). */
const WRAPPERS = /^(ThreadControllerImpl::RunTask|RunTask|Receive mojo message|SimpleWatcher::OnHandleReady|v8\.run|v8\.callFunction|V8\.|v8\.newInstance)/;

function describe(task: TraceEvent, children: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = children.filter((e) => e.ts >= task.ts && e.ts < end && e !== task && (e.dur ?? 0) > 0);
  const telling = inside.filter((e) => TELLING.has(e.name));
  const longest = (xs: TraceEvent[]) => [...xs].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  let top = longest(telling);
  // A telling child that covers under half the task does not say what it was: the longest other one does.
  const other = longest(inside.filter((e) => !WRAPPERS.test(e.name)));
  if (!top || (other && (top.dur ?? 0) < (task.dur ?? 0) / 2 && (other.dur ?? 0) > (top.dur ?? 0))) top = other;
  if (!top) return 'RunTask (no child)';
  const data = top.args?.data ?? top.args?.beginData ?? {};
  const url = shortUrl(data['url']) || (top.name === 'EvaluateScript' ? 'inline script' : '');
  const extra = top.name === 'EventDispatch' ? String(data['type'] ?? '') : top.name === 'FunctionCall' ? String(data['functionName'] ?? '') : '';
  return `${top.name}${extra ? ` ${extra}` : ''}${url ? ` ${url}` : ''} (${Math.round((top.dur ?? 0) / 1000)} ms)`;
}

/**
 * How a load is traced: the site (until it answers a tap, then 3 s more), the bare host (until its
 * remote's heading answers), or the plain page (every script file refused) until `plainUntil` ms,
 * the moment the site answered in the same round: what the browser's own work costs with our HTML
 * and CSS and no script of ours.
 */
type TraceTarget = { bare?: boolean; plainUntil?: number };

async function traceLoad(browser: Browser, url: string, { bare = false, plainUntil }: TraceTarget = {}): Promise<TraceRun> {
  const plain = plainUntil !== undefined;
  const { context, page, cdp } = await freshPage(browser, [watchForReact], { scripts: !plain });
  try {
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    // Waiting is a bare CDP evaluation of one expression every 250 ms: Playwright's waitForFunction
    // would inject its utility script into the page and run it every poll, and that work (50–90 ms
    // tasks on the slowed CPU) would be counted as the page's own.
    const check = plain
      ? `performance.now() > ${plainUntil} ? { at: ${plainUntil}, on: "the site's answer moment" } : null`
      : `(${String(readyCheck)})(${bare})`;
    const deadline = Date.now() + 60_000;
    let ready: { at: number; on: string } | null = null;
    while (!ready && Date.now() < deadline) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: check, returnByValue: true });
      ready = (result.value as { at: number; on: string } | null) ?? null;
      if (!ready) await sleep(250);
    }
    if (!ready) throw new Error(`${url}: the page never answered a tap within 60 s`);
    if (!plain) await sleep(AFTER_INTERACTIVE_MS + 200);
    // The page's own clock for one navigation-timing mark, to place the trace when it lost its
    // navigationStart (see analyse).
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: "performance.getEntriesByType('navigation')[0]?.domInteractive ?? null",
      returnByValue: true,
    });
    await cdp.send('Tracing.end');
    await complete;
    return analyse(events, url, ready.at, ready.on, (result.value as number | null) ?? undefined);
  } finally {
    await context.close();
  }
}

/**
 * traceLoad, again (up to 3 tries) when the trace cannot be placed at all (see anchor): without
 * the page's time 0 no time in it means anything.
 */
async function traceLoadRetrying(browser: Browser, url: string, target: TraceTarget = {}): Promise<TraceRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceLoad(browser, url, target);
    } catch (error) {
      if (!(error instanceof NoAnchorError) || attempt === 3) throw error;
      console.warn(`  (${error.message}; tracing the load again)`);
    }
  }
}

/**
 * In the page: when it answers a tap (React's props on OPEN, or on the Menu toggle on a page
 * without OPEN; on the bare host, on its remote's heading), else null.
 */
function readyCheck(bare: boolean): { at: number; on: string } | null {
  const ready = window.__ccReady;
  if (!ready) return null;
  if (bare) return ready.app === undefined ? null : { at: ready.app, on: "the remote's heading" };
  const hasOpen = Array.from(document.querySelectorAll('button, a')).some(
    (el) => /^open$/i.test(el.textContent?.trim() ?? '') || /^open( menu)?$/i.test(el.getAttribute('aria-label') ?? ''),
  );
  if (ready.open !== undefined) return { at: ready.open, on: 'OPEN' };
  // Pages without OPEN: the toggle, once 5 s have passed after it without an OPEN appearing.
  if (!hasOpen && ready.toggle !== undefined && document.readyState === 'complete' && performance.now() > ready.toggle + 5000) {
    return { at: ready.toggle, on: 'Menu toggle' };
  }
  return null;
}

/** The thread's slices as complete ('X') events, B/E pairs (ParseHTML, among others) joined, by start. */
function completeEvents(thread: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  const open: TraceEvent[] = [];
  for (const e of [...thread].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X') out.push(e);
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const i = open.map((b) => b.name).lastIndexOf(e.name);
      const begin = i >= 0 ? open.splice(i, 1)[0] : open.pop();
      if (begin) out.push({ ...begin, ph: 'X', dur: e.ts - begin.ts, args: { ...begin.args, ...(e.args?.data ? { data: { ...begin.args?.data, ...e.args.data } } : {}) } });
    }
  }
  return out.sort((a, b) => a.ts - b.ts);
}

function analyse(events: TraceEvent[], url: string, interactive: number, interactiveOn: string, domInteractive?: number): TraceRun {
  const { pid, origin, by } = anchor(events, url, domInteractive);
  if (by === 'domInteractive') console.warn(`  (no navigationStart for ${url} in the trace: placed by its domInteractive)`);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no CrRendererMain thread in the page renderer');
  const tid = main.tid;
  const at = (ts: number) => (ts - origin) / 1000;

  const onMain = completeEvents(events.filter((e) => e.pid === pid && e.tid === tid));
  const topLevel: TraceEvent[] = [];
  let until = -Infinity;
  for (const e of onMain) {
    if (e.name !== 'RunTask' || e.ts < until) continue;
    topLevel.push(e);
    until = e.ts + (e.dur ?? 0);
  }
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts >= origin);
  const fcp = fcpEvent ? at(fcpEvent.ts) : NaN;
  const end = interactive + AFTER_INTERACTIVE_MS;
  const long = topLevel
    .filter((e) => (e.dur ?? 0) / 1000 > LONG_TASK_MS && at(e.ts) >= 0)
    .map((e) => {
      const dur = (e.dur ?? 0) / 1000;
      const script = scriptTime(e, onMain);
      const recording = recordingTime(e, onMain);
      return {
        start: at(e.ts),
        dur,
        what: describe(e, onMain),
        script,
        kind: kindOf(dur, script, LONG_TASK_MS),
        recording,
        kindUnrecorded: kindWithoutRecording(dur, script, recording, LONG_TASK_MS),
      };
    });
  const tbt = topLevel
    .filter((e) => at(e.ts) >= fcp && at(e.ts) <= end)
    .reduce((n, e) => n + Math.max(0, (e.dur ?? 0) / 1000 - LONG_TASK_MS), 0);
  return {
    interactive,
    interactiveOn,
    fcp,
    before: long.filter((t) => t.start < interactive),
    after: long.filter((t) => t.start >= interactive && t.start <= end),
    tbt,
    tasks: topLevel.filter((e) => at(e.ts) >= 0).length,
  };
}

/**
 * How many of a run's long tasks before the page answered were long because of `kind`'s work;
 * `unrecorded` reads them without the recording's own work (Task.kindUnrecorded).
 */
const longBefore = (run: TraceRun, kind: TaskKind, unrecorded = false) =>
  run.before.filter((t) => (unrecorded ? t.kindUnrecorded : t.kind) === kind).length;

function reportTrace(path: string, runs: TraceRun[], { plain = false } = {}): void {
  const worst = (xs: number[]) => Math.max(...xs);
  const longestBefore = runs.map((r) => [...r.before].sort((a, b) => b.dur - a.dur)[0]);
  const longest = longestBefore.filter((t): t is Task => !!t).sort((a, b) => b.dur - a.dur)[0];
  console.info(`  ${path}`);
  console.info(
    plain
      ? `    traced to ${ms(median(runs.map((r) => r.interactive)))} median   FCP ${ms(median(runs.map((r) => r.fcp)))}`
      : `    answers a tap (React props on ${runs[0]?.interactiveOn ?? '?'}) at ${ms(median(runs.map((r) => r.interactive)))} median, ${ms(worst(runs.map((r) => r.interactive)))} worst   FCP ${ms(median(runs.map((r) => r.fcp)))}`,
  );
  // One count per run: its median, worst and every run's.
  const tally = (count: (r: TraceRun) => number) => `${median(runs.map(count))} median, ${worst(runs.map(count))} worst (runs: ${runs.map(count).join(', ')})`;
  console.info(`    tasks > 50 ms before it: ${tally((r) => r.before.length)}`);
  console.info(
    `      long because of script: ${tally((r) => longBefore(r, 'script'))};` +
      ` the browser's own work over 50 ms: ${median(runs.map((r) => longBefore(r, 'browser')))} median (runs: ${runs.map((r) => longBefore(r, 'browser')).join(', ')})`,
  );
  console.info(`      long because of script without the recording's re-parse (V8.CollectSourcePositions): ${tally((r) => longBefore(r, 'script', true))}`);
  console.info(`    longest task before it: ${longest ? `${ms(longest.dur)} at ${ms(longest.start)}, ${longest.what}` : 'none over 50 ms'}`);
  if (!plain) {
    console.info(`    tasks > 50 ms in the 3 s after it: ${tally((r) => r.after.length)}`);
    console.info(`    total blocking time (FCP → answers + 3 s): ${ms(median(runs.map((r) => r.tbt)))} median, ${ms(worst(runs.map((r) => r.tbt)))} worst`);
  }
  runs.forEach((r, i) => {
    const reparse = (t: Task) => (t.recording >= 1 ? `, re-parse ${ms(t.recording)}` : '');
    const list = (tasks: Task[]) =>
      tasks.map((t) => `${ms(t.dur)} @${ms(t.start)} ${t.what} [${t.kind === 'script' ? 'script' : 'browser; script'} ${ms(t.script)}${reparse(t)}]`).join('; ') || 'none';
    console.info(`    run ${i + 1} (${r.tasks} main-thread tasks): before: ${list(r.before)}`);
    if (!plain) console.info(`    run ${i + 1}            after: ${list(r.after)}`);
  });
}

/* ------------------------------------------------------------------ 2. input delay of a first tap */

interface Tap {
  /** when the tap happened, ms after navigation start (the event's own timestamp) */
  at: number;
  delay: number;
  duration: number;
  answered: boolean;
  /** the control became visible, ms after navigation start */
  visible: number;
}

/** In the page: the control's centre if it is visible in the viewport (scrolling the footer field in). */
function locate(control: Control): { x: number; y: number; now: number; why?: string } {
  const pick = (): Element | null | undefined => {
    if (control === 'nav') return document.querySelector('button.shell-topnav__toggle');
    if (control === 'open') {
      return document.querySelector('button[aria-label="Open menu"]') ?? Array.from(document.querySelectorAll('button, a')).find(
        (el) => /^open$/i.test(el.textContent?.trim() ?? '') || /^open( menu)?$/i.test(el.getAttribute('aria-label') ?? ''),
      );
    }
    const field = document.querySelector('footer input[type="email"], .site-footer input[type="email"]');
    // The form is fetched when the footer nears the viewport: bring the footer there first.
    const target = field ?? document.querySelector('footer, .site-footer');
    const box = target?.getBoundingClientRect();
    if (target && box && (box.top < 0 || box.bottom > innerHeight)) target.scrollIntoView({ block: 'center' });
    return field;
  };
  // Chrome drops input until the page's first paint: nothing is "visible" before it.
  const now = performance.now();
  const no = (why: string) => ({ x: 0, y: 0, now, why });
  if (!performance.getEntriesByName('first-contentful-paint').length) return no('before first paint');
  const el = pick();
  if (!el) return no('not in the page');
  const box = el.getBoundingClientRect();
  const shown = box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && (!('checkVisibility' in el) || el.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions));
  if (!shown) return no(`not shown (box ${Math.round(box.top)}–${Math.round(box.bottom)} of ${innerHeight}, ${Math.round(box.width)}×${Math.round(box.height)})`);
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  // Covered (the intro on a first visit to /, a transition overlay) is not visible to a finger.
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) return no(`covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`);
  return { x, y, now };
}

function answered(control: Control): boolean {
  if (control === 'nav') return document.querySelector('button.shell-topnav__toggle')?.getAttribute('aria-expanded') === 'true';
  if (control === 'open') return !!document.querySelector('dialog[open], [role="dialog"]');
  const active = document.activeElement;
  return active instanceof HTMLInputElement && active.type === 'email' && !!active.closest('footer, .site-footer');
}

/**
 * One fresh load, one tap: `moment` null taps as soon as the control is visible, else at that many
 * ms after navigation. `scripts: false` loads the page without its script files.
 */
async function tapLoad(browser: Browser, url: string, control: Control, pointer: Pointer, moment: number | null, scripts = true): Promise<Tap | null> {
  const { context, page, cdp } = await freshPage(browser, [observeInput], { scripts });
  try {
    const started = Date.now();
    // A bare CDP evaluation (see traceLoad): Playwright's page.evaluate would inject its utility
    // script into the page being measured.
    const locateNow = async (): Promise<{ x: number; y: number; now: number; why?: string }> => {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: `(${String(locate)})(${JSON.stringify(control)})`, returnByValue: true });
      if (exceptionDetails) return { x: 0, y: 0, now: 0, why: exceptionDetails.text };
      return result.value as { x: number; y: number; now: number; why?: string };
    };
    await page.goto(url, { waitUntil: 'commit' });
    // Polls the page until the control can be tapped and, given a moment, that moment has come (page time).
    const ready = async (after: number) => {
      let last = 'no answer from the page';
      while (Date.now() - started < 30_000) {
        const spot = await locateNow().catch((e: Error) => ({ x: 0, y: 0, now: 0, why: e.message.split('\n')[0] }));
        if (!spot.why && spot.now >= after) return spot;
        last = spot.why ?? last;
        await sleep(spot.why ? 40 : Math.max(0, Math.min(after - spot.now - 30, 1000)));
      }
      console.warn(`    ${CONTROL_LABEL[control]} on ${url} not tappable within 30 s: ${last}`);
      return null;
    };
    const first = await ready(0);
    if (!first) return null;
    const visible = first.now;
    const spot = moment === null ? first : await ready(moment);
    if (!spot) return null;
    if (pointer === 'touch') await page.touchscreen.tap(spot.x, spot.y);
    else await page.mouse.click(spot.x, spot.y);
    await sleep(1500);
    const entries = await page.evaluate(() => window.__ccEntries ?? JSON.parse(sessionStorage.getItem('__ccEntries') ?? '[]')).catch(() => []);
    const entry = (entries as NonNullable<Window['__ccEntries']>).find((e) => e.entryType === 'first-input');
    if (!entry) {
      console.warn(`    no first-input entry for ${CONTROL_LABEL[control]} on ${url} (${entries.length} event entries)`);
      return null;
    }
    // The menu overlay is fetched on the first OPEN: give the answer a few seconds more to show.
    let done = false;
    for (let i = 0; i < 20 && !done; i++) {
      done = await page.evaluate(answered, control).catch(() => false);
      if (!done) await sleep(200);
    }
    if (!done && process.argv.includes('--verbose')) {
      const under = await page
        .evaluate(([x, y]) => {
          const el = document.elementFromPoint(x, y);
          return `${el?.tagName.toLowerCase()}.${el?.className} (focus on ${document.activeElement?.tagName.toLowerCase()})`;
        }, [spot.x, spot.y] as const)
        .catch(() => '?');
      console.warn(`    ${CONTROL_LABEL[control]} on ${url}: tap at ${Math.round(entry.startTime)} ms not answered; now under (${Math.round(spot.x)}, ${Math.round(spot.y)}): ${under}`);
    }
    return { at: entry.startTime, delay: entry.processingStart - entry.startTime, duration: entry.duration, answered: done, visible };
  } finally {
    await context.close();
  }
}

/**
 * Taps `control` as soon as it is visible, then at each of `later` (ms after navigation) that comes
 * after that, each in a fresh load, adding every tap to `byMoment`.
 */
async function tapAtMoments(
  browser: Browser,
  url: string,
  control: Control,
  pointer: Pointer,
  byMoment: Map<string, Tap[]>,
  later: readonly number[],
  scripts = true,
): Promise<void> {
  const first = await tapLoad(browser, url, control, pointer, null, scripts);
  if (!first) return;
  byMoment.get('when visible')?.push(first);
  for (const moment of later) {
    if (moment <= first.visible) continue;
    const tap = await tapLoad(browser, url, control, pointer, moment, scripts);
    if (tap) byMoment.get(`+${moment} ms`)?.push(tap);
  }
}

function reportTaps(control: Control, byMoment: Map<string, Tap[]>, plain?: Map<string, Tap[]>): void {
  const all = [...byMoment.values()].flat();
  if (!all.length) {
    console.info(`    ${CONTROL_LABEL[control]}: not measured (control not found or no first-input entry)`);
    return;
  }
  const worst = all.reduce((a, b) => (b.delay > a.delay ? b : a));
  console.info(`    ${CONTROL_LABEL[control]} (worst input delay ${ms(worst.delay)}, tapped at ${ms(worst.at)}):`);
  printTaps(byMoment);
  if (plain && [...plain.values()].some((taps) => taps.length)) {
    console.info('      the same page without its script files (the prerendered HTML and its inline loader alone):');
    printTaps(plain);
  }
}

/**
 * One line per page for the issue's goals, read at the median: the long tasks before the page
 * answers a tap (script-caused, and the browser's own beside them), and per pointer the slowest
 * median input delay over every control and moment, with where it was.
 */
/** The goals line's long-task reading: script-caused tasks before the answer, as recorded and without the re-parse (medians). */
function scriptCausedGoal(runs: TraceRun[], answer: string): string {
  const scriptCaused = (unrecorded: boolean) => median(runs.map((r) => longBefore(r, 'script', unrecorded)));
  return `script-caused tasks > ${LONG_TASK_MS} ms before ${answer} ${scriptCaused(false)}, ${scriptCaused(true)} without the recording's re-parse`;
}

function reportGoals(
  path: string,
  runs: TraceRun[],
  byPointer: Map<Pointer, Map<Control, Map<string, Tap[]>>> | undefined,
  plainRuns: TraceRun[] | undefined,
): void {
  const plain = plainRuns?.length ? `; the plain page's, same span: ${median(plainRuns.map((r) => r.before.length))}` : '';
  const parts = [`${scriptCausedGoal(runs, 'the first answer')} (browser's own ${median(runs.map((r) => longBefore(r, 'browser')))}${plain})`];
  for (const [pointer, perControl] of byPointer ?? []) {
    let slowest: { delay: number; where: string } | null = null;
    for (const [control, byMoment] of perControl) {
      for (const [moment, taps] of byMoment) {
        if (!taps.length) continue;
        const delay = median(taps.map((t) => t.delay));
        if (!slowest || delay > slowest.delay) slowest = { delay, where: `${CONTROL_LABEL[control]}, ${moment}` };
      }
    }
    if (slowest) parts.push(`${pointer}: slowest median input delay ${ms(slowest.delay)} (${slowest.where}) ${slowest.delay < INPUT_DELAY_GOAL_MS ? 'under' : 'over'} ${INPUT_DELAY_GOAL_MS} ms`);
  }
  console.info(`  ${path}: ${parts.join('; ')}`);
}

function printTaps(byMoment: Map<string, Tap[]>): void {
  for (const [moment, taps] of byMoment) {
    if (!taps.length) continue;
    console.info(
      `      ${moment.padEnd(14)} tapped at ${ms(median(taps.map((t) => t.at))).padStart(7)}  input delay ${ms(median(taps.map((t) => t.delay))).padStart(7)} median, ${ms(Math.max(...taps.map((t) => t.delay))).padStart(7)} worst   event duration ${ms(median(taps.map((t) => t.duration)))}   answered ${taps.filter((t) => t.answered).length}/${taps.length}`,
    );
  }
}

/* ------------------------------------------------------------------ main */

async function main() {
  const runs = Number(arg('--runs') ?? 5);
  const paths = (arg('--paths') ?? '/,/cafe,/beer').split(',');
  let base = arg('--url');
  let stop: (() => Promise<void>) | undefined;
  if (!base) {
    const gw = await startGatewayForPerf(3402);
    base = gw.url;
    stop = gw.stop;
  }
  // The same trace of the bare React 19 host + one remote (--no-bare skips it): what the browser's
  // own work (committing the navigation, the first style, layout and paint) and React cost alone.
  let bare: { url: string; stop: () => Promise<void> } | undefined;
  if (!process.argv.includes('--no-bare')) {
    await buildBaseline();
    bare = await serveStatic('dist/perf-baseline', { '/remote/': 'remote/', '/': 'host/' });
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const traces = new Map<string, TraceRun[]>();
    // The plain page traced to the moment the site answered in the same round (--no-plain skips it).
    const plainTraces = new Map<string, TraceRun[]>();
    const bareRuns: TraceRun[] = [];
    // path → pointer → control → moment → taps
    const taps = new Map<string, Map<Pointer, Map<Control, Map<string, Tap[]>>>>();
    // The Menu on the plain page (no script files; the inline loader opens the static menu): the
    // input delay the browser itself gives a tap at the same moments of the load (--no-plain skips it).
    const plainTaps = new Map<string, Map<Pointer, Map<string, Tap[]>>>();
    const withPlain = !process.argv.includes('--no-plain');
    const pointers = (arg('--pointer') ?? POINTERS.join(',')).split(',') as Pointer[];
    if (!pointers.length || pointers.some((p) => !POINTERS.includes(p))) throw new Error(`--pointer takes ${POINTERS.join(', ')} (comma-separated)`);
    const moments = () => new Map<string, Tap[]>([['when visible', []], ...LATER_MOMENTS.map((m) => [`+${m} ms`, []] as [string, Tap[]])]);
    const slot = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
      if (!map.has(key)) map.set(key, make());
      return map.get(key) as V;
    };
    for (let round = 0; round < runs; round++) {
      if (bare) bareRuns.push(await traceLoadRetrying(browser, bare.url, { bare: true }));
      for (const path of paths) {
        const url = new URL(path, base).toString();
        const site = await traceLoadRetrying(browser, url);
        slot(traces, path, () => []).push(site);
        if (withPlain) slot(plainTraces, path, () => []).push(await traceLoadRetrying(browser, url, { plainUntil: site.interactive }));
        for (const pointer of pointers) {
          const perControl = slot(slot(taps, path, () => new Map()), pointer, () => new Map<Control, Map<string, Tap[]>>());
          for (const control of CONTROLS) await tapAtMoments(browser, url, control, pointer, slot(perControl, control, moments), LATER_MOMENTS);
          if (withPlain) {
            const plain = slot(slot(plainTaps, path, () => new Map()), pointer, moments);
            await tapAtMoments(browser, url, 'nav', pointer, plain, LATER_MOMENTS.filter((m) => m <= 1000), false);
          }
        }
      }
    }
    console.info(
      `Main thread, Chromium trace, CPU slowed ${CPU_SLOWDOWN}×, 412×823 @1.75 touch, ${runs} run(s) (goals: no task > 50 ms before the page answers a tap; input delay < 100 ms)`,
    );
    console.info('Long tasks (top-level RunTask on CrRendererMain; times after navigationStart):');
    if (bare) reportTrace('bare React 19 host + one remote (tools/perf/baseline)', bareRuns);
    for (const path of paths) {
      reportTrace(path, traces.get(path) ?? []);
      if (plainTraces.has(path)) reportTrace(`${path}, plain page (every script file refused), to the moment the site answered`, plainTraces.get(path) ?? [], { plain: true });
    }
    console.info('Input delay of a first tap (first-input processingStart − startTime; each tap a fresh load):');
    for (const path of paths) {
      for (const pointer of pointers) {
        console.info(`  ${path}, ${POINTER_LABEL[pointer]}`);
        const perControl = taps.get(path)?.get(pointer);
        for (const control of CONTROLS) reportTaps(control, perControl?.get(control) ?? new Map(), control === 'nav' ? plainTaps.get(path)?.get(pointer) : undefined);
      }
    }
    console.info(`Goals at the median (no task > ${LONG_TASK_MS} ms before the page answers a tap; input delay < ${INPUT_DELAY_GOAL_MS} ms):`);
    if (bare) console.info(`  bare host: ${scriptCausedGoal(bareRuns, 'its first answer')}`);
    for (const path of paths) reportGoals(path, traces.get(path) ?? [], taps.get(path), plainTraces.get(path));
  } finally {
    await browser.close();
    await stop?.();
    await bare?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
