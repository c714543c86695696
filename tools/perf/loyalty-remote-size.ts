/**
 * What the loyalty card costs to open, in KB gzip (level 9, from the bytes served): the scripts a
 * visitor on /cafe fetches when the secret 7 opens the card (the loyalty remote's entry and its
 * module, and anything shared it needs that the page had not loaded), and the loyalty remote's
 * whole built output for comparison. Nothing of it is in /cafe's own first load (checked here).
 *
 *   node --import tsx tools/perf/loyalty-remote-size.ts [--url http://localhost:3000]
 * Without --url it starts the gateway itself (the built site must exist: npm run build).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';
import { arg, root, startGatewayForPerf } from './perf-helpers';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function builtJs(dir: string): Promise<{ files: number; gzip: number }> {
  let files = 0;
  let gzip = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    files += 1;
    gzip += gzipSync(await readFile(join(entry.parentPath, entry.name)), { level: 9 }).length;
  }
  return { files, gzip };
}

async function main() {
  let base = arg('--url');
  let stop: (() => Promise<void>) | undefined;
  if (!base) {
    const gw = await startGatewayForPerf();
    base = gw.url;
    stop = gw.stop;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: { url: string; gzip: number; after: boolean }[] = [];
    const pending: Promise<void>[] = [];
    let opened = false;
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const after = opened;
      pending.push(res.body().then((body) => void scripts.push({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length, after }), () => undefined));
    });
    await page.goto(`${base}/cafe`, { waitUntil: 'load' });
    await page.locator('[data-secret-seven="ready"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    opened = true;
    await page.keyboard.press('7');
    await page.getByRole('dialog', { name: 'Sign in to your loyalty card' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const before = scripts.filter((s) => !s.after);
    const onOpen = scripts.filter((s) => s.after);
    const inFirstLoad = before.filter((s) => new URL(s.url).pathname.startsWith('/remotes/loyalty/'));
    const sum = (list: typeof scripts) => list.reduce((n, s) => n + s.gzip, 0);
    const built = await builtJs(join(root, 'dist/remotes/loyalty'));
    console.info('\nLoyalty card: what opening it costs (KB gzip)');
    console.info(`  /cafe's own scripts before the 7:          ${kb(sum(before))} (${before.length} files; loyalty remote files among them: ${inFirstLoad.length})`);
    console.info(`  fetched when the 7 opens the card:         ${kb(sum(onOpen))} (${onOpen.length} files)`);
    for (const s of onOpen.sort((a, b) => b.gzip - a.gzip)) console.info(`    ${kb(s.gzip).padStart(9)}  ${new URL(s.url).pathname}`);
    console.info(`  the loyalty remote's whole build:          ${kb(built.gzip)} (${built.files} JS files, incl. the staff panel and standalone-only code)`);
  } finally {
    await browser.close();
    await stop?.();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
