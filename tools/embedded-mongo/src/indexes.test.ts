import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { openTestDb, type TestDb } from './test-helpers';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb('indexes', { ttlIntervalMs: 50 });
});

afterAll(async () => {
  await t.close();
});

async function expectDuplicate(p: Promise<unknown>, keyPattern: object, keyValue: object): Promise<mongoose.mongo.MongoServerError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(mongoose.mongo.MongoServerError);
  const e = err as mongoose.mongo.MongoServerError;
  expect(e.code).toBe(11000);
  expect(e.keyPattern).toEqual(keyPattern);
  expect(e.keyValue).toEqual(keyValue);
  return e;
}

describe('unique indexes', () => {
  it('declared in a mongoose schema (autoIndex) reject duplicates with E11000, keyPattern and keyValue', async () => {
    const User = t.conn.model('User', new Schema({ email: { type: String, unique: true }, name: String }));
    await User.init();
    const indexes = await User.collection.listIndexes().toArray();
    expect(indexes.map((i) => [i.name, i.key, i.unique ?? false])).toEqual([
      ['_id_', { _id: 1 }, false],
      ['email_1', { email: 1 }, true],
    ]);
    await User.create({ email: 'a@b', name: 'first' });
    const e = await expectDuplicate(User.create({ email: 'a@b', name: 'second' }), { email: 1 }, { email: 'a@b' });
    expect(e.message).toBe(`E11000 duplicate key error collection: ${t.dbName}.users index: email_1 dup key: { email: "a@b" }`);
    expect(await User.countDocuments()).toBe(1);

    // updates that would create a duplicate fail too, and change nothing
    const other = await User.create({ email: 'c@d', name: 'other' });
    await expectDuplicate(User.updateOne({ _id: other._id }, { $set: { email: 'a@b' } }), { email: 1 }, { email: 'a@b' });
    await expectDuplicate(
      User.findOneAndUpdate({ _id: other._id }, { $set: { email: 'a@b' } }).exec(),
      { email: 1 },
      { email: 'a@b' },
    );
    await expectDuplicate(
      User.findOneAndUpdate({ email: 'new@x' }, { $set: { email: 'a@b' } }, { upsert: true }).exec(),
      { email: 1 },
      { email: 'a@b' },
    );
    expect((await User.findById(other._id).lean())!.email).toBe('c@d');
    expect(await User.countDocuments()).toBe(2);
  });

  it('duplicate _id is E11000 on the _id_ index', async () => {
    const c = t.conn.db!.collection('ids');
    await c.insertOne({ _id: 'k' as never });
    await expectDuplicate(c.insertOne({ _id: 'k' as never }), { _id: 1 }, { _id: 'k' });
  });

  it('compound unique indexes', async () => {
    const Seat = t.conn.model('Seat', new Schema({ show: String, seat: String }).index({ show: 1, seat: 1 }, { unique: true }));
    await Seat.init();
    await Seat.create({ show: 's1', seat: 'A1' });
    await Seat.create({ show: 's1', seat: 'A2' });
    await Seat.create({ show: 's2', seat: 'A1' });
    await expectDuplicate(Seat.create({ show: 's1', seat: 'A1' }), { show: 1, seat: 1 }, { show: 's1', seat: 'A1' });
  });

  it('ordered insertMany applies documents up to the first duplicate; unordered applies the rest', async () => {
    const c = t.conn.db!.collection('batch');
    await c.createIndex({ k: 1 }, { unique: true });
    const ordered = await c.insertMany([{ k: 1 }, { k: 2 }, { k: 1 }, { k: 3 }]).then(() => undefined, (e: unknown) => e);
    expect(ordered).toBeInstanceOf(mongoose.mongo.MongoBulkWriteError);
    const oe = ordered as mongoose.mongo.MongoBulkWriteError;
    expect(oe.code).toBe(11000);
    expect(oe.result.insertedCount).toBe(2);
    expect(oe.writeErrors).toMatchObject([{ index: 2, code: 11000 }]);
    expect((await c.find().sort({ k: 1 }).toArray()).map((d) => d.k)).toEqual([1, 2]);

    const unordered = await c.insertMany([{ k: 2 }, { k: 4 }, { k: 4 }, { k: 5 }], { ordered: false }).then(() => undefined, (e: unknown) => e);
    const ue = unordered as mongoose.mongo.MongoBulkWriteError;
    expect(ue.writeErrors).toHaveLength(2);
    expect((ue.writeErrors as unknown as Array<{ index: number }>).map((w) => w.index)).toEqual([0, 2]);
    expect((await c.find().sort({ k: 1 }).toArray()).map((d) => d.k)).toEqual([1, 2, 4, 5]);
  });

  it('refuses to build a unique index over existing duplicates', async () => {
    const c = t.conn.db!.collection('predup');
    await c.insertMany([{ e: 'x' }, { e: 'x' }]);
    await expectDuplicate(c.createIndex({ e: 1 }, { unique: true }), { e: 1 }, { e: 'x' });
    const names = (await c.listIndexes().toArray()).map((i) => i.name);
    expect(names).toEqual(['_id_']);
  });

  it('missing fields count as null in a non-sparse unique index', async () => {
    const c = t.conn.db!.collection('nulls');
    await c.createIndex({ e: 1 }, { unique: true });
    await c.insertOne({ a: 1 });
    await expectDuplicate(c.insertOne({ a: 2 }), { e: 1 }, { e: null });
  });

  it('sparse unique indexes skip documents without the field', async () => {
    const Member = t.conn.model('Member', new Schema({ phone: { type: String, unique: true, sparse: true }, name: String }));
    await Member.init();
    await Member.create({ name: 'no phone 1' });
    await Member.create({ name: 'no phone 2' });
    await Member.create({ name: 'p', phone: '0123' });
    await expectDuplicate(Member.create({ name: 'q', phone: '0123' }), { phone: 1 }, { phone: '0123' });
    expect(await Member.countDocuments()).toBe(3);
  });

  it('partial unique indexes only constrain documents matching partialFilterExpression', async () => {
    const schema = new Schema({ user: String, status: String });
    schema.index({ user: 1 }, { unique: true, partialFilterExpression: { status: { $eq: 'active' } } });
    const Sub = t.conn.model('Sub', schema);
    await Sub.init();
    const idx = (await Sub.collection.listIndexes().toArray()).find((i) => i.name === 'user_1');
    expect(idx).toMatchObject({ unique: true, partialFilterExpression: { status: { $eq: 'active' } } });
    await Sub.create({ user: 'u1', status: 'cancelled' });
    await Sub.create({ user: 'u1', status: 'cancelled' });
    await Sub.create({ user: 'u1', status: 'active' });
    await expectDuplicate(Sub.create({ user: 'u1', status: 'active' }), { user: 1 }, { user: 'u1' });
    // moving a document into the filter is checked as well
    const doc = await Sub.findOne({ status: 'cancelled' });
    await expectDuplicate(Sub.updateOne({ _id: doc!._id }, { $set: { status: 'active' } }), { user: 1 }, { user: 'u1' });
    // freeing the slot allows a new active one
    await Sub.updateOne({ user: 'u1', status: 'active' }, { $set: { status: 'cancelled' } });
    await Sub.create({ user: 'u1', status: 'active' });
    expect(await Sub.countDocuments({ user: 'u1' })).toBe(4);
  });

  it('unique indexes on array fields are multikey', async () => {
    const c = t.conn.db!.collection('multikey');
    await c.createIndex({ codes: 1 }, { unique: true });
    await c.insertOne({ codes: ['a', 'b'] });
    await c.insertOne({ codes: ['c', 'c'] }); // repeats within one document are fine
    await expectDuplicate(c.insertOne({ codes: ['x', 'b'] }), { codes: 1 }, { codes: 'b' });
  });

  it('createIndexes is idempotent, listIndexes/dropIndexes work, conflicts are reported', async () => {
    const c = t.conn.db!.collection('idx_admin');
    await c.createIndex({ a: 1 }, { name: 'a_1' });
    await c.createIndex({ a: 1 }, { name: 'a_1' });
    await c.createIndex({ b: -1, c: 1 });
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'a_1', 'b_-1_c_1']);
    await expect(c.createIndex({ a: 1 }, { name: 'a_1', unique: true })).rejects.toMatchObject({ code: 85 });
    await c.dropIndex('a_1');
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'b_-1_c_1']);
    await expect(c.dropIndex('nope')).rejects.toMatchObject({ code: 27 });
    await expect(c.dropIndex('_id_')).rejects.toMatchObject({ code: 72 });
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    await expect(t.conn.db!.collection('never_created').listIndexes().toArray()).rejects.toMatchObject({ code: 26 });
    // mongoose syncIndexes drops indexes no longer in the schema
    const M = t.conn.model('Synced', new Schema({ x: { type: String, index: true } }), 'idx_admin');
    await c.createIndex({ stale: 1 });
    await M.syncIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'x_1']);
  });
});

describe('TTL indexes', () => {
  it('delete documents once their date plus expireAfterSeconds has passed', async () => {
    const schema = new Schema({ code: String, expiresAt: Date });
    schema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    const Code = t.conn.model('Code', schema);
    await Code.init();
    const idx = (await Code.collection.listIndexes().toArray()).find((i) => i.name === 'expiresAt_1');
    expect(idx!.expireAfterSeconds).toBe(0);
    const now = Date.now();
    await Code.create([
      { code: 'past', expiresAt: new Date(now - 1000) },
      { code: 'soon', expiresAt: new Date(now + 400) },
      { code: 'later', expiresAt: new Date(now + 60 * 60 * 1000) },
      { code: 'no date' },
    ]);
    await waitFor(async () => (await Code.countDocuments({ code: 'past' })) === 0);
    expect((await Code.find().sort({ code: 1 }).lean()).map((d) => d.code)).toEqual(['later', 'no date', 'soon']);
    await waitFor(async () => (await Code.countDocuments({ code: 'soon' })) === 0);
    expect((await Code.find().sort({ code: 1 }).lean()).map((d) => d.code)).toEqual(['later', 'no date']);
  });

  it('honours expireAfterSeconds relative to the stored date', async () => {
    const c = t.conn.db!.collection('sessions');
    await c.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600 });
    await c.insertMany([
      { s: 'old', createdAt: new Date(Date.now() - 2 * 3600 * 1000) },
      { s: 'fresh', createdAt: new Date(Date.now() - 60 * 1000) },
    ]);
    await waitFor(async () => (await c.countDocuments({ s: 'old' })) === 0);
    expect((await c.find().toArray()).map((d) => d.s)).toEqual(['fresh']);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
