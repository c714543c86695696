/**
 * Nudge fan-out (issue 14): one nudge to 10,000 subscriptions, sent by the nudge service's send job
 * (web-push's VAPID token and aes128gcm encryption for each browser, 20 pushes in flight) to a
 * local push endpoint on loopback that answers 201. Prints the time from the job's start to the
 * nudge being 'sent', pushes per second, the delivery log's counts, and this process's peak memory
 * (RSS and heap, sampled every 20 ms). The embedded store and the push endpoint run in processes of
 * their own, so the figures are the sender's alone.
 *
 *   node --import tsx tools/perf/nudge-fanout.ts [--subscriptions 10000] [--concurrency 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Types } from 'mongoose';
import { connectMongo, silentLogger } from '@croft/service-kit';
import { createNudgeService } from '@croft/nudge-service';
import { arg, root } from './perf-helpers';

const count = Number(arg('--subscriptions') ?? 10_000);
const concurrency = Number(arg('--concurrency') ?? 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const tsx = (script: string, ipc = false) =>
  spawn(process.execPath, ['--import', 'tsx', ...script.split(' ')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])] });

async function firstLine(child: ChildProcess): Promise<string> {
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return chunk.toString().trim().split('\n')[0];
}

async function ask<T>(child: ChildProcess, message?: string): Promise<T> {
  const answer = once(child, 'message') as Promise<[T]>;
  if (message) child.send(message);
  return (await answer)[0];
}

async function main() {
  const store = tsx('tools/embedded-mongo/src/main.ts --port 0');
  const endpoint = tsx('tools/perf/nudge-push-endpoint.ts', true);
  const uri = await firstLine(store);
  const { origin } = await ask<{ origin: string }>(endpoint);
  const mongo = await connectMongo({ uri, dbName: `nudge_fanout_${process.pid}` });
  const nudge = createNudgeService({
    db: mongo.connection,
    logger: silentLogger(),
    mailer: { send: async () => ({ messageId: 'none' }), close: () => undefined },
    publicOrigin: 'http://localhost:3000',
    keyEncryptionSecret: randomBytes(32).toString('base64url'),
    vapidSubject: 'mailto:hello@croftcommon.co.uk',
    isActiveSubscriber: async () => false,
    concurrency,
    kickJobs: false,
  });
  try {
    await nudge.seed();
    // Browsers' keys: one P-256 pair and auth secret shared by all (each push still gets its own
    // ephemeral key and salt, so the sender's work per push is the same as with distinct browsers).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const now = new Date();
    for (let start = 0; start < count; start += 1000) {
      await nudge.models.subscription.insertMany(
        Array.from({ length: Math.min(1000, count - start) }, (_, k) => ({
          _id: new Types.ObjectId(),
          endpoint: `${origin}/push/${start + k}`,
          p256dh,
          auth,
          browser: 'Benchmark',
          topics: [],
          user_id: null,
          email: null,
          linked_via: null,
          device_hash: randomBytes(16).toString('base64url'),
          created_at: now,
          updated_at: now,
          last_success_at: null,
        })),
      );
    }
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);

    const made = await nudge.nudges.compose({ id: 'perf' }, { title: 'Cinema tickets are out', body: 'Secret Cinema: book now.', url: '/hall', audience: { kind: 'everyone' } });
    const started = performance.now();
    await nudge.jobs.runDueNow();
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    const detail = await nudge.nudges.detail(made.id);
    const counts = detail!.nudge.counts;
    console.info(`nudge fan-out: ${count} subscriptions, ${concurrency} in flight`);
    console.info(`  state ${detail!.nudge.state}; sent ${counts.sent}, failed ${counts.failed}, removed ${counts.removed}, pending ${counts.pending}; push endpoint received ${(await ask<{ count: number }>(endpoint, 'count')).count}`);
    console.info(`  time ${(elapsed / 1000).toFixed(1)} s (${Math.round((counts.sent / elapsed) * 1000)} pushes/s)`);
    console.info(`  memory: RSS ${mb(before.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}); heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}`);
  } finally {
    await mongo.stop();
    endpoint.send('stop');
    store.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
