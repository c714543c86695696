import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { openTestDb, type TestDb } from './test-helpers';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb('concurrency');
});

afterAll(async () => {
  await t.close();
});

describe('atomic guarded updates', () => {
  it('200 concurrent guarded findOneAndUpdate calls take exactly the 50 units in stock', async () => {
    const Show = t.conn.model('Show', new Schema({ title: String, stock: Number }));
    const show = await Show.create({ title: 'Matinee', stock: 50 });
    // extra connections so requests really arrive interleaved on several sockets
    const extra = await Promise.all([1, 2, 3].map(() => mongoose.createConnection(t.mongo.uri, { dbName: t.dbName, maxPoolSize: 20 }).asPromise()));
    const models = [Show, ...extra.map((c) => c.model('Show', new Schema({ title: String, stock: Number })))];
    try {
      const results = await Promise.all([...Array(200)].map((_, i) =>
        models[i % models.length].findOneAndUpdate(
          { _id: show._id, stock: { $gt: 0 } },
          { $inc: { stock: -1 } },
          { returnDocument: 'after' },
        ).lean()));
      const successes = results.filter((r) => r !== null);
      expect(successes).toHaveLength(50);
      // every success saw a distinct remaining stock value 49..0
      expect(new Set(successes.map((r) => r!.stock)).size).toBe(50);
      expect(Math.min(...successes.map((r) => r!.stock as number))).toBe(0);
      expect((await Show.findById(show._id).lean())!.stock).toBe(0);
    } finally {
      await Promise.all(extra.map((c) => c.close()));
    }
  });

  it('concurrent upserts on a unique key create exactly one document', async () => {
    const schema = new Schema({ key: { type: String, unique: true }, hits: Number });
    const Counter = t.conn.model('Counter', schema);
    await Counter.init();
    const outcomes = await Promise.allSettled([...Array(50)].map(() =>
      Counter.updateOne({ key: 'k' }, { $inc: { hits: 1 } }, { upsert: true })));
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    expect(await Counter.countDocuments()).toBe(1);
    expect((await Counter.findOne({ key: 'k' }).lean())!.hits).toBe(50);
  });
});
