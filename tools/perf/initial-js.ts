/**
 * Initial JS for a page, in KB gzip: every script the browser fetches until the page is idle
 * (and the image bytes it fetched meanwhile),
 * gzipped at level 9 from the bytes served. Printed next to the bare React 19 + federation
 * host (tools/perf/baseline), measured the same way in the same run.
 *
 *   node --import tsx tools/perf/initial-js.ts [--url http://localhost:3000/]
 * Without --url it starts the gateway itself (the built site must exist: npm run build).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';
import { serveStatic, startGatewayForPerf, buildBaseline, arg } from './perf-helpers';

async function measure(url: string, ready: (page: import('playwright').Page) => Promise<void>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  const scripts: { url: string; gzip: number; raw: number }[] = [];
  const images: { url: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'image') {
      pending.push(res.body().then((body) => void images.push({ url: res.url(), bytes: body.length }), () => undefined));
      return;
    }
    if (type !== 'script') return;
    pending.push(
      res.body().then((body) => {
        scripts.push({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }, () => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();
  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  return { total, scripts: scripts.sort((a, b) => b.gzip - a.gzip), images: images.sort((a, b) => b.bytes - a.bytes) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  let url = arg('--url');
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const gw = await startGatewayForPerf();
    url = `${gw.url}/`;
    stop = gw.stop;
  }
  await buildBaseline();
  const baseline = await serveStatic('dist/perf-baseline', { '/remote/': 'remote/', '/': 'host/' });
  try {
    const site = await measure(url, async (page) => {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    });
    const bare = await measure(`${baseline.url}/`, async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    console.info(`Initial JS for ${url}`);
    for (const s of site.scripts) console.info(`  ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${new URL(s.url).pathname}`);
    console.info(`  total ${kb(site.total)} gzip`);
    console.info(`Bare React 19 + MF host loading one remote: ${kb(bare.total)} gzip`);
    console.info(`Ratio: ${(site.total / bare.total).toFixed(2)}× (target ≤ 1.30×)`);
    const imageBytes = site.images.reduce((n, i) => n + i.bytes, 0);
    console.info(`Images for ${url} until idle (a 1280×720 window): ${kb(imageBytes)} in ${site.images.length} files`);
    for (const i of site.images) console.info(`  ${kb(i.bytes).padStart(9)}  ${new URL(i.url).pathname}`);
  } finally {
    await baseline.stop();
    await stop?.();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
