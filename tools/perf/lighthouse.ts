/**
 * Lighthouse 12, mobile preset (the default config), in Debian's Chromium.
 *
 *   node --import tsx tools/perf/lighthouse.ts [--url http://localhost:3000/] [--runs 3]
 * Without --url it starts the built gateway itself. Prints the median run's figures.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';
import { arg, startGatewayForPerf } from './perf-helpers';

interface Figures { performance: number; accessibility: number; lcp: number; cls: number; tbt: number; fcp: number }

async function audit(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    // A run whose page did not load scores 0: say why instead of hiding it in the median.
    if (result.lhr.runtimeError) console.warn(`  run failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
      cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
      tbt: audits['total-blocking-time'].numericValue ?? NaN,
      fcp: audits['first-contentful-paint'].numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const runs = Number(arg('--runs') ?? 3);
  let stop: (() => Promise<void>) | undefined;
  const paths = (arg('--paths') ?? '/,/beer').split(',');
  let base = arg('--url');
  if (!base) {
    const gw = await startGatewayForPerf(3401);
    base = gw.url;
    stop = gw.stop;
  }
  try {
    for (const path of paths) {
      const url = new URL(path, base).toString();
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) all.push(await audit(url));
      all.sort((a, b) => a.performance - b.performance);
      const median = all[Math.floor(all.length / 2)];
      console.info(`Lighthouse 12 mobile, ${url} (median of ${runs}; performance per run: ${all.map((f) => f.performance).join(', ')})`);
      console.info(`  performance   ${median.performance}  (target ≥ 95)`);
      console.info(`  accessibility ${median.accessibility}  (target 100)`);
      console.info(`  FCP ${(median.fcp / 1000).toFixed(2)} s   LCP ${(median.lcp / 1000).toFixed(2)} s   TBT ${Math.round(median.tbt)} ms   CLS ${median.cls.toFixed(3)} (target ≤ 0.05)`);
    }
  } finally {
    await stop?.();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
