/**
 * Analytics dashboards at a busy venue's volume (issue 15): seeds about 2,000,000 tracker events
 * over 30 days (sessions, page views with their updates, journeys, presses) into the embedded
 * store with a bulk seeder, runs the daily roll-ups, then times the staff overview, member
 * analytics and one page of a raw table for those 30 days over HTTP (the service app as the
 * gateway mounts it). Prints the median and the slowest of several runs; never asserts.
 * The embedded store runs in a process of its own (memory only).
 *
 *   node --import tsx tools/perf/analytics-dashboard.ts [--events 2000000] [--days 30] [--runs 7]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connectMongo, createServiceApp, listen, silentLogger } from '@croft/service-kit';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import { addDays, createAnalyticsService, londonDay, seedAnalytics } from '@croft/analytics-service';
import { arg, root } from './perf-helpers';

const events = Number(arg('--events') ?? 2_000_000);
const days = Number(arg('--days') ?? 30);
const runs = Number(arg('--runs') ?? 7);
const ORIGIN = 'http://localhost:3000';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const store = spawn(process.execPath, ['--max-old-space-size=12288', '--import', 'tsx', 'tools/embedded-mongo/src/main.ts', '--port', '0'], {
    cwd: root,
    env: { ...process.env, EMBEDDED_MONGO_DATA: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(store.stdout!, 'data')) as [Buffer];
  const uri = chunk.toString().trim().split('\n')[0];
  const mongo = await connectMongo({ uri, dbName: 'analytics_perf' });
  try {
    const tokens = await testTokens(ORIGIN);
    const service = createAnalyticsService({ db: mongo.connection, logger: silentLogger(), verifyAccessToken: tokens.verify, sharedLimits: false });
    await service.seed();
    const now = new Date();

    let t = performance.now();
    let last = 0;
    const seeded = await seedAnalytics(service.models, {
      days,
      events,
      now,
      onProgress: ({ events: done }) => {
        if (done - last >= 250_000) {
          last = done;
          process.stdout.write(`  seeded ${done.toLocaleString('en-GB')} events…\n`);
        }
      },
    });
    const seedS = (performance.now() - t) / 1000;
    console.info(`seeded ${seeded.events.toLocaleString('en-GB')} events (${seeded.docs.toLocaleString('en-GB')} documents, ${seeded.sessions.toLocaleString('en-GB')} sessions) over ${days} days in ${seedS.toFixed(1)} s (${Math.round(seeded.events / seedS).toLocaleString('en-GB')} events/s)`);

    t = performance.now();
    const rolled = await service.rollups.catchUp();
    const rollS = (performance.now() - t) / 1000;
    const withData = rolled.filter((d) => d >= addDays(londonDay(now), -days));
    console.info(`roll-ups: ${rolled.length} days (${withData.length} with traffic) in ${rollS.toFixed(1)} s (${((rollS * 1000) / Math.max(1, withData.length)).toFixed(0)} ms a day with traffic)`);

    const app = createServiceApp({ name: 'analytics', router: service.router, publicOrigin: ORIGIN, logger: silentLogger() });
    const server = await listen(app);
    const staff = { Authorization: `Bearer ${await tokens.token({ roles: ['staff'] })}` };
    const to = londonDay(now);
    const from = addDays(to, -(days - 1));
    const queries: [string, string][] = [
      ['overview (30 days + previous 30)', `/api/analytics/staff/overview?from=${from}&to=${to}`],
      ['members (30 days)', `/api/analytics/staff/members?from=${from}&to=${to}`],
      ['page_views table, first page of 50', `/api/analytics/staff/tables/page_views?from=${from}&to=${to}&limit=50`],
      ['user_interactions, 50 on one path', `/api/analytics/staff/tables/user_interactions?from=${from}&to=${to}&limit=50&path=/menu`],
    ];
    console.info(`dashboards over HTTP, ${runs} runs each (${from} … ${to}; today live from the raw rows):`);
    for (const [name, path] of queries) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        const res = await fetch(`${server.url}${path}`, { headers: staff });
        const body = await res.text();
        times.push(performance.now() - start);
        if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
        size = body.length;
      }
      console.info(`  ${name.padEnd(38)} median ${median(times).toFixed(0).padStart(5)} ms, slowest ${Math.max(...times).toFixed(0).padStart(5)} ms (${(size / 1024).toFixed(1)} kB)`);
    }
    await server.close();
  } finally {
    await mongo.stop();
    store.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
