/**
 * Placing a Chromium trace of one page load: the page's renderer and its time 0 (the trace's
 * clock at the page's performance.now() = 0). Used by tools/perf/main-thread.ts.
 */

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; frame?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

/** A trace that cannot be placed. */
export class NoAnchorError extends Error {}

/**
 * Where the page's time 0 is in the trace, and its renderer: the outermost frame's
 * navigationStart for our URL. Chromium's trace sometimes lacks that one event (a renderer made
 * ready before tracing reached it); then the renderer is the one the browser committed our URL
 * in, and time 0 is its domInteractive mark less the page's own domInteractive time.
 */
export interface Anchor {
  pid: number;
  /** The trace's clock (µs) at the page's time 0. */
  origin: number;
  by: 'navigationStart' | 'domInteractive';
}

export function anchor(events: TraceEvent[], url: string, domInteractive: number | undefined): Anchor {
  const path = new URL(url).pathname;
  const samePath = (href: unknown) => typeof href === 'string' && href.startsWith('http') && new URL(href).pathname === path;
  const navs = events.filter((e) => {
    if (e.name !== 'navigationStart') return false;
    const data = e.args?.data ?? {};
    return data['isOutermostMainFrame'] !== false && samePath(data['documentLoaderURL']);
  });
  const nav = navs[navs.length - 1];
  if (nav) return { pid: nav.pid, origin: nav.ts, by: 'navigationStart' };
  const commits = events.filter((e) => {
    if (e.name !== 'FrameCommittedInBrowser') return false;
    const data = e.args?.data ?? {};
    return data['isOutermostMainFrame'] !== false && samePath(data['url']);
  });
  const pid = commits[commits.length - 1]?.args?.data?.['processId'];
  const mark = events.find((e) => e.name === 'domInteractive' && e.pid === pid);
  if (typeof pid === 'number' && mark && domInteractive !== undefined) return { pid, origin: mark.ts - domInteractive * 1000, by: 'domInteractive' };
  throw new NoAnchorError(`no navigationStart for ${url} in the trace, nor its commit and domInteractive (${events.length} events)`);
}
