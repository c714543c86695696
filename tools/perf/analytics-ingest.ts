/**
 * Analytics ingest (issue 15): POST /api/analytics/events through the gateway with batches of 20
 * realistic tracker events (a session start, five page views with their updates, four journeys,
 * four presses, the session end; every request a new session with its own ids, a normal browser
 * user agent, and one of 5,000 client addresses behind a trusted proxy, as a site sees them),
 * side by side in one run with a bare Express 5 that parses the same JSON and answers 202.
 * autocannon at 100 connections. Prints events/s, requests/s, p50 and p99; never asserts.
 * The gateway runs with its embedded store in memory (no journal).
 *
 *   node --import tsx tools/perf/analytics-ingest.ts [--seconds 10] [--connections 100]
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import express from 'express';
import { arg, root, startGatewayForPerf } from './perf-helpers';

const BATCH = 20;
const UAS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];
const PAGES = ['/', '/menu', '/whats-on', '/cinema', '/kitchens', '/beer-hall', '/cocktail-bar', '/events', '/faq', '/members'];
const BUTTONS = ['Book a table', 'See the menu', 'Buy tickets', 'Join the newsletter', 'Directions'];

let n = 0;
/** One session's batch of 20 events, a new session each time. */
function batch(): string {
  n += 1;
  const sid = `bench${n.toString(36).padStart(12, '0')}`;
  const t = Date.now() - 60_000;
  const pages = Array.from({ length: 5 }, (_, i) => PAGES[(n + i * 3) % PAGES.length]);
  const events: object[] = [
    { type: 'session_start', at: t, referrer: n % 3 ? 'https://www.google.com/' : '', device_type: n % 4 ? 'mobile' : 'desktop', browser: n % 2 ? 'Safari' : 'Chrome', os: n % 2 ? 'iOS' : 'Android', is_authenticated: false },
  ];
  pages.forEach((page, i) => {
    const view = `${sid}v${i}`;
    events.push({ type: 'page_view', at: t + i * 9_000, view_id: view, page_path: page, page_title: `Croft Common ${page}`, referrer: '' });
    events.push({ type: 'page_update', at: t + i * 9_000 + 8_000, view_id: view, time_spent_seconds: 3 + ((n + i) % 40), scroll_depth_percent: (n * 7 + i * 13) % 101 });
    if (i > 0) events.push({ type: 'journey', at: t + i * 9_000, from_page: pages[i - 1], to_page: page, transition_type: i % 2 ? 'link' : 'nav' });
    if (i < 4) events.push({ type: 'interaction', at: t + i * 9_000 + 2_000, page_path: page, interaction_type: 'click', element_id: `b${i}`, element_class: 'btn btn-primary', element_text: BUTTONS[(n + i) % BUTTONS.length], coordinates: { x: 120 + i, y: 640 + i } });
  });
  events.push({ type: 'session_end', at: t + 50_000 });
  if (events.length !== BATCH) throw new Error(`a batch has ${events.length} events`);
  return JSON.stringify({ session_id: sid, events });
}

async function bench(url: string, seconds: number, connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { 'content-type': 'application/json', 'user-agent': UAS[n % UAS.length], 'x-forwarded-for': `10.${(n >> 8) % 20}.${n % 250}.${(n >> 3) % 250}` },
          body: batch(),
        }),
      },
    ],
  });
  const ok = result['2xx'];
  return { rps: ok / (result.duration || seconds), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** `--bare <port>`: the yardstick, a bare Express 5 that parses the JSON body and answers 202. */
function bare(port: number) {
  const app = express();
  app.use(express.json({ limit: '64kb' }));
  app.post('/events', (req, res) => {
    res.status(202).json({ accepted: (req.body as { events: unknown[] }).events.length, dropped: false });
  });
  app.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
}

async function main() {
  const seconds = Number(arg('--seconds') ?? 10);
  const connections = Number(arg('--connections') ?? 100);
  const barePort = 3413;
  const bareChild = spawn(process.execPath, ['--import', 'tsx', 'tools/perf/analytics-ingest.ts', '--bare', String(barePort)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => bareChild.stdout!.once('data', () => resolve()));
  // A proxy in front (as in production), so each request's X-Forwarded-For is its client address.
  process.env.TRUST_PROXY = 'loopback';
  process.env.EMBEDDED_MONGO_DATA = '';
  const gw = await startGatewayForPerf(3412);
  try {
    const ingestUrl = 'http://127.0.0.1:3412/api/analytics/events';
    const bareUrl = `http://127.0.0.1:${barePort}/events`;
    await bench(bareUrl, 2, connections);
    await bench(ingestUrl, 2, connections);
    const b = await bench(bareUrl, seconds, connections);
    const g = await bench(ingestUrl, seconds, connections);
    const line = (name: string, r: Awaited<ReturnType<typeof bench>>) =>
      `  ${name.padEnd(28)}: ${Math.round(r.rps * BATCH).toLocaleString('en-GB').padStart(7)} events/s, ${Math.round(r.rps).toLocaleString('en-GB').padStart(6)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (non-2xx ${r.non2xx}, errors ${r.errors})`;
    console.info(`autocannon ${connections} connections, ${seconds} s each, batches of ${BATCH} events`);
    console.info(line('bare Express 5 (JSON, 202)', b));
    console.info(line('gateway /api/analytics/events', g));
    console.info(`  gateway ${((g.rps / b.rps) * 100).toFixed(0)} % of bare throughput; target ≥ 5,000 events/s: ${g.rps * BATCH >= 5_000 ? 'met' : 'NOT met'}`);
  } finally {
    await gw.stop();
    bareChild.kill('SIGTERM');
  }
}

const bareAt = arg('--bare');
if (bareAt) bare(Number(bareAt));
else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
