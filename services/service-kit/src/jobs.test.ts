import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from './clock';
import { createJobs, nextSlot, type Jobs } from './jobs';
import { silentLogger } from './logger';
import { connectMongo, type MongoHandle } from './mongo';

// Two "gateway instances": two separate connections to one embedded store, one shared fake clock.
let mongo: MongoHandle;
let second: Connection;
let serviceCount = 0;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: 'kit_jobs' });
  second = await mongoose.createConnection(mongo.uri, { dbName: 'kit_jobs' }).asPromise();
});

afterAll(async () => {
  await second?.close();
  await mongo?.stop();
});

/** A fresh service namespace per test, with instance `a` on one connection and `b` on the other. */
function twoInstances(clock: ManualClock = manualClock(Date.now())): { a: Jobs; b: Jobs; clock: ManualClock; service: string } {
  serviceCount += 1;
  const service = `svc${serviceCount}`;
  const a = createJobs({ db: mongo.connection, clock, logger: silentLogger(), service, instanceId: 'a' });
  const b = createJobs({ db: second, clock, logger: silentLogger(), service, instanceId: 'b' });
  return { a, b, clock, service };
}

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** Polls a condition on the store until it holds (no fixed sleeps). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('createJobs across two instances on one store', () => {
  it('runs a one-off job due once exactly once while both instances poll', async () => {
    const { a, b, clock, service } = twoInstances();
    let calls = 0;
    const seen: string[] = [];
    for (const jobs of [a, b]) {
      jobs.define<{ to: string }>('send', async ({ payload, instanceId }) => {
        calls += 1;
        seen.push(`${instanceId}:${payload?.to}`);
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
    await a.schedule('send', clock.now(), { to: 'ada' });
    a.start({ pollMs: 5 });
    b.start({ pollMs: 5 });
    await Promise.all([a.runDueNow(), b.runDueNow(), a.runDueNow(), b.runDueNow()]);
    await Promise.all([a.stop(), b.stop()]);

    expect(calls).toBe(1);
    expect(seen[0]).toMatch(/^[ab]:ada$/);
    const job = await a.models.job.findOne({ service, name: 'send' }).lean();
    expect(job).toMatchObject({ status: 'done', attempt: 1, lease_token: null, last_outcome: 'ok' });
    const runs = await a.models.run.find({ service }).lean();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ name: 'send', attempt: 1, outcome: 'ok', error: null, lease_lost: false });
    expect(['a', 'b']).toContain(runs[0].instance);
    expect(runs[0].started_at).toEqual(clock.now());
    expect(runs[0].finished_at).toEqual(clock.now());
  });

  it('does not run a one-off job before it is due', async () => {
    const { a, b, clock } = twoInstances();
    let calls = 0;
    for (const jobs of [a, b]) jobs.define('later', () => void (calls += 1));
    await b.schedule('later', new Date(clock.now().getTime() + 60_000));
    expect(await a.runDueNow()).toEqual([]);
    clock.advance(59_999);
    expect([...(await a.runDueNow()), ...(await b.runDueNow())]).toEqual([]);
    clock.advance(1);
    const [first, ...rest] = await Promise.all([a.runDueNow(), b.runDueNow()]);
    expect([...first, ...rest.flat()]).toHaveLength(1);
    expect(calls).toBe(1);
  });

  it('runs a recurring job once per interval across both instances, on a grid that does not drift', async () => {
    const { a, b, clock, service } = twoInstances();
    const start = clock.now().getTime();
    let calls = 0;
    for (const jobs of [a, b]) {
      jobs.define('sweep', async () => {
        calls += 1;
        clock.advance(1_500); // the work takes a while: the next run is still due on the grid
      });
    }
    await Promise.all([a.every('sweep', 60_000), b.every('sweep', 60_000)]);
    expect(await a.models.job.countDocuments({ service, name: 'sweep' })).toBe(1);

    for (let i = 0; i < 4; i += 1) {
      await Promise.all([a.runDueNow(), b.runDueNow(), a.runDueNow(), b.runDueNow()]);
      expect(calls).toBe(i + 1);
      const job = await a.models.job.findOne({ service, name: 'sweep' }).lean();
      expect(job?.run_at).toEqual(new Date(start + (i + 1) * 60_000));
      // Not due again within the interval.
      expect([...(await a.runDueNow()), ...(await b.runDueNow())]).toEqual([]);
      clock.set(start + (i + 1) * 60_000);
    }
    const runs = await a.models.run.find({ service }).lean();
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('after downtime runs a recurring job once, then resumes on its grid (no catch-up storm)', async () => {
    const { a, b, clock, service } = twoInstances();
    const start = clock.now().getTime();
    let calls = 0;
    for (const jobs of [a, b]) jobs.define('rollup', () => void (calls += 1));
    await a.every('rollup', 60_000);
    await a.runDueNow();
    expect(calls).toBe(1);

    clock.advance(10.5 * 60_000);
    await Promise.all([a.runDueNow(), b.runDueNow()]);
    expect(calls).toBe(2);
    expect((await a.models.job.findOne({ service, name: 'rollup' }).lean())?.run_at).toEqual(new Date(start + 11 * 60_000));
    expect([...(await a.runDueNow()), ...(await b.runDueNow())]).toEqual([]);

    expect(nextSlot(new Date(0), 10, new Date(5))).toEqual(new Date(10));
    expect(nextSlot(new Date(0), 10, new Date(10))).toEqual(new Date(20));
    expect(nextSlot(new Date(0), 10, new Date(35))).toEqual(new Date(40));
  });

  it('brings a far-off next run closer when the interval is shortened', async () => {
    const { a, b, clock, service } = twoInstances();
    const start = clock.now().getTime();
    for (const jobs of [a, b]) jobs.define('digest', () => undefined);
    await a.every('digest', 24 * 60 * 60_000);
    await a.runDueNow();
    expect((await a.models.job.findOne({ service, name: 'digest' }).lean())?.run_at).toEqual(new Date(start + 24 * 60 * 60_000));
    clock.advance(60_000);
    await b.every('digest', 60 * 60_000);
    const job = await a.models.job.findOne({ service, name: 'digest' }).lean();
    expect(job).toMatchObject({ interval_ms: 60 * 60_000, run_at: new Date(start + 61 * 60_000) });
  });

  it('retries a failing handler with back-off, then marks it failed, recording each run', async () => {
    const { a, b, clock, service } = twoInstances();
    let calls = 0;
    for (const jobs of [a, b]) {
      jobs.define(
        'flaky',
        () => {
          calls += 1;
          throw new Error('smtp down');
        },
        { retries: 2, backoffMs: 1_000 },
      );
    }
    await a.schedule('flaky', clock.now());

    const [first] = await a.runDueNow();
    expect(first).toMatchObject({ attempt: 1, outcome: 'failed', error: 'Error: smtp down', willRetry: true });
    clock.advance(999);
    expect(await b.runDueNow()).toEqual([]);
    clock.advance(1);
    expect(await b.runDueNow()).toMatchObject([{ attempt: 2, outcome: 'failed', willRetry: true }]);
    clock.advance(1_999); // the second back-off is twice the first
    expect(await a.runDueNow()).toEqual([]);
    clock.advance(1);
    expect(await a.runDueNow()).toMatchObject([{ attempt: 3, outcome: 'failed', willRetry: false }]);
    clock.advance(60 * 60_000);
    expect([...(await a.runDueNow()), ...(await b.runDueNow())]).toEqual([]);

    expect(calls).toBe(3);
    expect(await a.models.job.findOne({ service, name: 'flaky' }).lean()).toMatchObject({
      status: 'failed',
      attempt: 3,
      last_outcome: 'failed',
      last_error: 'Error: smtp down',
      lease_token: null,
    });
    const runs = await a.models.run.find({ service }).sort({ started_at: 1, _id: 1 }).lean();
    expect(runs.map((r) => [r.attempt, r.instance, r.outcome, r.error])).toEqual([
      [1, 'a', 'failed', 'Error: smtp down'],
      [2, 'b', 'failed', 'Error: smtp down'],
      [3, 'a', 'failed', 'Error: smtp down'],
    ]);
  });

  it('a recurring job that exhausts its retries is recorded as failed and moves on to its next slot', async () => {
    const { a, clock, service } = twoInstances();
    const start = clock.now().getTime();
    a.define('boom', () => Promise.reject(new Error('nope')), { retries: 0 });
    await a.every('boom', 60_000);
    expect(await a.runDueNow()).toMatchObject([{ outcome: 'failed', willRetry: false }]);
    expect(await a.models.job.findOne({ service, name: 'boom' }).lean()).toMatchObject({
      status: 'scheduled',
      attempt: 0,
      run_at: new Date(start + 60_000),
    });
  });

  it('takes over a lease held by a crashed instance once it expires; the late holder cannot complete', async () => {
    const { a, b, clock, service } = twoInstances();
    const stuck = gate();
    let aCalls = 0;
    let bCalls = 0;
    a.define('publish', async () => {
      aCalls += 1;
      await stuck.wait; // "crashed": never finishes while its lease runs
    }, { leaseMs: 30_000 });
    b.define('publish', () => void (bCalls += 1), { leaseMs: 30_000 });
    const { id } = await a.schedule('publish', clock.now());

    const aRun = a.runDueNow();
    await until(async () => (await a.models.job.findById(id).lean())?.leased_by === 'a', 'a to hold the lease');
    expect(await b.runDueNow()).toEqual([]);
    clock.advance(29_999);
    expect(await b.runDueNow()).toEqual([]);
    clock.advance(1);
    expect(await b.runDueNow()).toMatchObject([{ attempt: 2, outcome: 'ok', leaseLost: false }]);
    expect(await a.models.run.findOne({ service, instance: 'a' }).lean()).toMatchObject({ outcome: 'lease_expired' });

    stuck.open();
    expect(await aRun).toMatchObject([{ attempt: 1, outcome: 'ok', leaseLost: true }]);
    expect(aCalls).toBe(1);
    expect(bCalls).toBe(1);
    expect(await a.models.job.findById(id).lean()).toMatchObject({ status: 'done', attempt: 2, leased_by: null });
    const runs = await a.models.run.find({ service }).sort({ attempt: 1, _id: 1 }).lean();
    expect(runs.map((r) => [r.attempt, r.instance, r.lease_lost])).toEqual([
      [1, 'a', true],
      [2, 'b', false],
    ]);
  });

  it('lets a long handler extend its lease so nobody else takes the job', async () => {
    const { a, b, clock } = twoInstances();
    const extended = gate();
    const finish = gate();
    let bCalls = 0;
    a.define('long', async ({ extendLease }) => {
      clock.advance(25_000);
      expect(await extendLease()).toBe(true);
      extended.open();
      await finish.wait;
    }, { leaseMs: 30_000 });
    b.define('long', () => void (bCalls += 1), { leaseMs: 30_000 });
    await a.schedule('long', clock.now());
    const aRun = a.runDueNow();
    await extended.wait;
    clock.advance(10_000); // 35 s after the claim, 10 s after the extension
    expect(await b.runDueNow()).toEqual([]);
    finish.open();
    expect(await aRun).toMatchObject([{ outcome: 'ok', leaseLost: false }]);
    expect(bCalls).toBe(0);
  });

  it('makes one job when the same key is scheduled twice, even from both instances and after it ran', async () => {
    const { a, b, clock, service } = twoInstances();
    let calls = 0;
    for (const jobs of [a, b]) jobs.define('remind', () => void (calls += 1));
    const due = new Date(clock.now().getTime() + 1_000);
    const results = await Promise.all([
      a.schedule('remind', due, { booking: 1 }, { key: 'booking-1' }),
      b.schedule('remind', due, { booking: 1 }, { key: 'booking-1' }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results[0].id).toBe(results[1].id);
    expect(await a.models.job.countDocuments({ service, name: 'remind' })).toBe(1);

    clock.advance(1_000);
    await Promise.all([a.runDueNow(), b.runDueNow()]);
    expect(await a.schedule('remind', clock.now(), { booking: 1 }, { key: 'booking-1' })).toEqual({ id: results[0].id, created: false });
    expect([...(await a.runDueNow()), ...(await b.runDueNow())]).toEqual([]);
    expect(calls).toBe(1);

    // A different key, or no key, is a different job.
    expect((await a.schedule('remind', clock.now(), undefined, { key: 'booking-2' })).created).toBe(true);
    expect((await a.schedule('remind', clock.now())).created).toBe(true);
    expect(await a.models.job.countDocuments({ service, name: 'remind' })).toBe(3);
  });

  it('stop() waits for a running handler', async () => {
    const { a, clock, service } = twoInstances();
    const started = gate();
    const release = gate();
    let finished = false;
    a.define('slow', async () => {
      started.open();
      await release.wait;
      finished = true;
    });
    await a.schedule('slow', clock.now());
    a.start({ pollMs: 10 });
    await started.wait;

    let stopped = false;
    const stopping = a.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(finished).toBe(true);
    expect(await a.models.job.findOne({ service, name: 'slow' }).lean()).toMatchObject({ status: 'done' });
    expect(await a.runDueNow()).toEqual([]);
  });

  it('keeps services apart and declares the unique and TTL indexes', async () => {
    const clock = manualClock(Date.now());
    const venue = createJobs({ db: mongo.connection, clock, logger: silentLogger(), service: 'ns-venue' });
    const news = createJobs({ db: second, clock, logger: silentLogger(), service: 'ns-news' });
    const ran: string[] = [];
    venue.define('retention-sweep', () => void ran.push('venue'));
    news.define('retention-sweep', () => void ran.push('news'));
    await Promise.all([venue.every('retention-sweep', 60_000), news.every('retention-sweep', 60_000)]);
    await Promise.all([venue.runDueNow(), news.runDueNow()]);
    expect(ran.sort()).toEqual(['news', 'venue']);

    const jobIndexes = await venue.models.job.collection.indexes();
    expect(jobIndexes.find((i) => i.key.service === 1 && i.key.key === 1)).toMatchObject({ unique: true });
    expect(jobIndexes.find((i) => i.key.purge_at === 1)).toMatchObject({ expireAfterSeconds: 0 });
    const runIndexes = await venue.models.run.collection.indexes();
    expect(runIndexes.find((i) => i.key.recorded_at === 1)).toMatchObject({ expireAfterSeconds: 30 * 24 * 60 * 60 });
  });

  it('recurring() defines and schedules in one call: once per interval across both instances', async () => {
    const { a, b, clock, service } = twoInstances();
    let calls = 0;
    for (const jobs of [a, b]) jobs.recurring('tidy', 60_000, () => void (calls += 1), { retries: 1 });
    await until(async () => (await a.models.job.countDocuments({ service, name: 'tidy' })) === 1, 'the schedule');
    await Promise.all([a.runDueNow(), b.runDueNow()]);
    expect(calls).toBe(1);
    clock.advance(60_000);
    await Promise.all([a.runDueNow(), b.runDueNow()]);
    expect(calls).toBe(2);
    expect(() => a.recurring('tidy', 60_000, () => undefined)).toThrow(/already defined/);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('rejects a second definition of the same name and a non-positive interval', async () => {
    const { a } = twoInstances();
    a.define('x', () => undefined);
    expect(() => a.define('x', () => undefined)).toThrow(/already defined/);
    await expect(a.every('x', 0)).rejects.toThrow(/intervalMs/);
  });
});
