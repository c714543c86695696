/** `npm run perf`: every benchmark in turn, printing figures (nothing is asserted). */
import { spawnSync } from 'node:child_process';

for (const script of ['initial-js.ts', 'lighthouse.ts', 'main-thread.ts', 'faq-throughput.ts', 'store-write-throughput.ts', 'publish-drafts.ts', 'loyalty-upload.ts', 'loyalty-remote-size.ts', 'cinema-rush.ts', 'nudge-fanout.ts', 'analytics-size.ts', 'analytics-ingest.ts', 'analytics-dashboard.ts']) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `tools/perf/${script}`, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
