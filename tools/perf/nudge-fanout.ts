/**
 * Nudge fan-out (issue 14): one nudge to 10,000 subscriptions, sent by the nudge service's send job
 * (web-push's VAPID token and aes128gcm encryption for each browser, 20 pushes in flight) to a
 * local push endpoint on loopback that answers 201. Prints the time from the job's start to the
 * nudge being 'sent', pushes per second, the delivery log's counts, and peak memory (RSS and heap,
 * sampled every 20 ms; the local push endpoint and the embedded store run in this same process).
 *
 *   node --import tsx tools/perf/nudge-fanout.ts [--subscriptions 10000] [--concurrency 20]
 */
import { createECDH, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { connectMongo, silentLogger } from '@croft/service-kit';
import { createNudgeService } from '@croft/nudge-service';
import { startPushEndpoint } from '@croft/nudge-service/testing/push-endpoint';
import { arg } from './perf-helpers';

const count = Number(arg('--subscriptions') ?? 10_000);
const concurrency = Number(arg('--concurrency') ?? 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const mongo = await connectMongo({ dbName: `nudge_fanout_${process.pid}` });
  const push = await startPushEndpoint({ keep: false });
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
          endpoint: `${push.origin}/push/${start + k}`,
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
    console.info(`  state ${detail!.nudge.state}; sent ${counts.sent}, failed ${counts.failed}, removed ${counts.removed}, pending ${counts.pending}; push endpoint received ${push.received.length}`);
    console.info(`  time ${(elapsed / 1000).toFixed(1)} s (${Math.round((counts.sent / elapsed) * 1000)} pushes/s)`);
    console.info(`  memory: RSS ${mb(before.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}); heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}`);
  } finally {
    await push.close();
    await mongo.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
