import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { connectMongo, type MongoHandle } from './mongo';
import { MongoRateLimitStore, rateLimit, rateLimitModel } from './rate-limit';

let mongo: MongoHandle;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: 'kit_rate_limit' });
});

afterAll(async () => {
  await mongo?.stop();
});

// The store's TTL index removes windows that ended in real time, so test clocks start now.
const nowClock = () => manualClock(Date.now());

function storeWith(clock = nowClock(), windowMs = 60_000, prefix = 'rl:') {
  const store = new MongoRateLimitStore(mongo.connection, { clock, prefix });
  store.init({ windowMs } as Parameters<MongoRateLimitStore['init']>[0]);
  return { store, clock };
}

describe('MongoRateLimitStore', () => {
  it('counts hits per key within a window and starts a new window after it ends', async () => {
    const { store, clock } = storeWith();
    const start = clock.now().getTime();
    const first = await store.increment('a');
    expect(first.totalHits).toBe(1);
    expect(first.resetTime?.getTime()).toBe(start + 60_000);
    expect((await store.increment('a')).totalHits).toBe(2);
    expect((await store.increment('b')).totalHits).toBe(1);
    expect(await store.get('a')).toEqual({ totalHits: 2, resetTime: first.resetTime });

    await store.decrement('a');
    expect((await store.get('a'))?.totalHits).toBe(1);

    clock.advance(60_000);
    expect(await store.get('a')).toBeUndefined();
    const next = await store.increment('a');
    expect(next.totalHits).toBe(1);
    expect(next.resetTime?.getTime()).toBe(start + 120_000);

    await store.resetKey('a');
    expect(await store.get('a')).toBeUndefined();
  });

  it('stays exact under concurrent increments, also across two store instances', async () => {
    const clock = nowClock();
    const one = storeWith(clock, 60_000, 'conc:').store;
    const two = storeWith(clock, 60_000, 'conc:').store;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? one : two).increment('shared')),
    );
    expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect((await one.get('shared'))?.totalHits).toBe(200);
  });

  it('resetAll clears only its own prefix', async () => {
    const { store: mine, clock } = storeWith(nowClock(), 60_000, 'mine:');
    const { store: theirs } = storeWith(clock, 60_000, 'theirs:');
    await mine.increment('k');
    await theirs.increment('k');
    await mine.resetAll();
    expect(await mine.get('k')).toBeUndefined();
    expect((await theirs.get('k'))?.totalHits).toBe(1);
  });

  it('declares a TTL index so finished windows are deleted', async () => {
    const model = rateLimitModel(mongo.connection);
    await model.init();
    const indexes = await model.collection.indexes();
    expect(indexes.find((i) => i.key.resetAt === 1)).toMatchObject({ expireAfterSeconds: 0 });

    // A window that ended (in real time) disappears without anyone touching it.
    const { store } = storeWith(manualClock(Date.now() - 120_000), 60_000, 'ttl:');
    // Written (the count came from the stored document); it may be swept at once, since its window
    // already ended: counting it here raced the store's TTL sweep (every second) and failed in CI.
    expect((await store.increment('gone')).totalHits).toBe(1);
    const deadline = Date.now() + 20_000;
    while ((await model.countDocuments({ _id: 'ttl:gone' })) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await model.countDocuments({ _id: 'ttl:gone' })).toBe(0);
  });

  it('plugs into rateLimit() and answers 429 once the shared count is used up', async () => {
    const app = express();
    app.get('/x', rateLimit({ windowMs: 60_000, limit: 2, keyPrefix: 'mongo-test', store: new MongoRateLimitStore(mongo.connection) }), (_req, res) => {
      res.json({ ok: true });
    });
    expect((await request(app).get('/x')).status).toBe(200);
    expect((await request(app).get('/x')).status).toBe(200);
    const limited = await request(app).get('/x');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});
