/**
 * FAQ reads through the gateway vs a bare Express 5 "hello", side by side in one run,
 * autocannon at 100 connections (guide §12).
 *
 *   node --import tsx tools/perf/faq-throughput.ts [--seconds 10] [--connections 100]
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { arg, root, startGatewayForPerf } from './perf-helpers';

async function bench(url: string, seconds: number, connections: number) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function main() {
  const seconds = Number(arg('--seconds') ?? 10);
  const connections = Number(arg('--connections') ?? 100);

  // Both servers run in their own processes, so neither shares an event loop with autocannon.
  const barePort = 3403;
  const bare = spawn(process.execPath, ['--import', 'tsx', 'tools/perf/bare-express.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
  const gw = await startGatewayForPerf(3402);
  try {
    const faqUrl = 'http://127.0.0.1:3402/api/content/faq?page=home';
    // warm both
    await bench(`http://127.0.0.1:${barePort}/`, 2, connections);
    await bench(faqUrl, 2, connections);
    const b = await bench(`http://127.0.0.1:${barePort}/`, seconds, connections);
    const g = await bench(faqUrl, seconds, connections);
    console.info(`autocannon ${connections} connections, ${seconds} s each`);
    console.info(`  bare Express 5 hello : ${Math.round(b.rps)} req/s, p99 ${b.p99} ms (non-2xx ${b.non2xx}, errors ${b.errors})`);
    console.info(`  gateway FAQ (home)   : ${Math.round(g.rps)} req/s, p99 ${g.p99} ms (non-2xx ${g.non2xx}, errors ${g.errors})`);
    console.info(`  throughput ${((g.rps / b.rps) * 100).toFixed(0)} % of bare (target ≥ 50 %), p99 ${(g.p99 / b.p99).toFixed(2)}× bare (target ≤ 1.5×)`);
  } finally {
    await gw.stop();
    bare.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
