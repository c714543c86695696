/**
 * Lighthouse 12, mobile preset (the default config), in Debian's Chromium: our pages side by side
 * with the bare React 19 + one federated remote host (tools/perf/baseline), in one run, rounds
 * interleaved so a busy moment of the machine falls on both. Both are served gzipped.
 * Prints the median of each figure over the runs (issue 16's goals beside them); never asserts.
 *
 *   node --import tsx tools/perf/lighthouse.ts [--url http://localhost:3000] [--paths /,/cafe,/beer] [--runs 5] [--tracker] [--compare http://localhost:3405]
 *
 * --save <dir> keeps each run's whole report (JSON) there, for reading what a figure is made of.
 * --compare adds the same pages from another running build (a before/after in one run).
 * Without --url it starts the built gateway itself (npm run build first).
 * --tracker adds `/` with the analytics tracker surely running (issue 15: it must not move LCP or
 * TBT): that row turns navigator.webdriver off (--disable-blink-features=AutomationControlled),
 * which our tracker treats as a robot, and the report says whether its batches were sent in each
 * run. (Measured in issue 16: this launcher's Chromium does not report webdriver, so the tracker
 * sends a batch in every row already.)
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { arg, buildBaseline, serveStatic, startGatewayForPerf } from './perf-helpers';

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /** script bytes transferred (gzip on the wire) */
  script: number;
  /** requests to /api/analytics/ */
  analytics: number;
  /** Lighthouse could not record the load (runtimeError) */
  failed: boolean;
}

interface Target {
  label: string;
  url: string;
  flags?: string[];
}

const NOT_A_ROBOT = '--disable-blink-features=AutomationControlled';

const saveDir = arg('--save');
let saved = 0;

/**
 * One Lighthouse run, again (up to 3 tries) when it failed to record the load (NO_NAVSTART and the
 * like: Chromium's trace sometimes lacks the event Lighthouse anchors on). A failed run would
 * otherwise enter the median as a score of 0.
 */
async function auditRetrying(target: Target): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    const figures = await audit(target);
    if (!figures.failed || attempt === 3) return figures;
    console.warn('  (running it again)');
  }
}

async function audit(target: Target): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...(target.flags ?? [])],
  });
  try {
    const result = await lighthouse(target.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      const name = `${String(++saved).padStart(2, '0')}-${target.label.replace(/[^a-z0-9]+/gi, '-')}.json`;
      writeFileSync(join(saveDir, name), JSON.stringify(result.lhr));
      const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) writeFileSync(join(saveDir, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    // A run whose page did not load scores 0: say why instead of hiding it in the median.
    if (result.lhr.runtimeError) console.warn(`  run failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const requests = ((audits['network-requests'].details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []);
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
      cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
      tbt: audits['total-blocking-time'].numericValue ?? NaN,
      fcp: audits['first-contentful-paint'].numericValue ?? NaN,
      script: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
      analytics: requests.filter((r) => new URL(r.url).pathname.startsWith('/api/analytics/')).length,
      failed: Boolean(result.lhr.runtimeError),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function report(target: Target, runs: Figures[]): void {
  const m = (k: Exclude<keyof Figures, 'failed'>) => median(runs.map((r) => r[k]));
  console.info(`${target.label}  ${target.url}`);
  console.info(`  performance ${m('performance')} (runs ${runs.map((r) => r.performance).join(', ')})   accessibility ${m('accessibility')}`);
  console.info(
    `  LCP ${(m('lcp') / 1000).toFixed(2)} s   TBT ${Math.round(m('tbt'))} ms   CLS ${m('cls').toFixed(3)}   FCP ${(m('fcp') / 1000).toFixed(2)} s   script transferred ${(m('script') / 1024).toFixed(1)} KB`,
  );
  if (target.flags?.includes(NOT_A_ROBOT)) console.info(`  tracker batches sent per run: ${runs.map((r) => r.analytics).join(', ')}`);
}

async function main() {
  const runs = Number(arg('--runs') ?? 5);
  const paths = (arg('--paths') ?? '/,/cafe,/beer').split(',');
  const stops: (() => Promise<void>)[] = [];
  let base = arg('--url');
  const compare = arg('--compare');
  try {
    if (!base) {
      const gw = await startGatewayForPerf(3401);
      base = gw.url;
      stops.push(gw.stop);
    }
    await buildBaseline();
    const bare = await serveStatic('dist/perf-baseline', { '/remote/': 'remote/', '/': 'host/' });
    stops.push(bare.stop);
    const targets: Target[] = [
      { label: 'bare React 19 host + one federated remote', url: `${bare.url}/` },
      ...paths.map((path) => ({ label: `our ${path}`, url: new URL(path, base).toString() })),
      ...(compare ? paths.map((path) => ({ label: `other build ${path}`, url: new URL(path, compare).toString() })) : []),
      ...(process.argv.includes('--tracker') ? [{ label: 'our / with the analytics tracker running', url: new URL('/', base).toString(), flags: [NOT_A_ROBOT] }] : []),
    ];
    const results = targets.map(() => [] as Figures[]);
    for (let round = 0; round < runs; round++) {
      for (let i = 0; i < targets.length; i++) results[i].push(await auditRetrying(targets[i]));
    }
    console.info(`Lighthouse 12 mobile preset, Debian Chromium, median of ${runs} (goals for our pages: performance ≥ 98, TBT ≤ 100 ms, LCP ≤ 1.5 s, CLS ≤ 0.02, accessibility 100)`);
    targets.forEach((t, i) => report(t, results[i]));
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
