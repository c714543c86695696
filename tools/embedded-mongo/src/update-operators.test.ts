import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema, Types } from 'mongoose';

type Document = mongoose.mongo.Document;

/** The driver's typed update operators reject arbitrary field names; these tests use a loose view. */
interface LooseCollection {
  insertOne(doc: Document): Promise<unknown>;
  insertMany(docs: Document[]): Promise<unknown>;
  findOne(filter: Document): Promise<Document | null>;
  find(filter?: Document): { sort(s: Document): { toArray(): Promise<Document[]> } };
  updateOne(filter: Document, update: Document, options?: Document): Promise<mongoose.mongo.UpdateResult>;
  updateMany(filter: Document, update: Document, options?: Document): Promise<mongoose.mongo.UpdateResult>;
  replaceOne(filter: Document, doc: Document, options?: Document): Promise<mongoose.mongo.UpdateResult>;
}

function loose(name: string): LooseCollection {
  return t.conn.db!.collection(name) as unknown as LooseCollection;
}
import { openTestDb, type TestDb } from './test-helpers';

let t: TestDb;
let n = 0;

beforeAll(async () => {
  t = await openTestDb('update');
});

afterAll(async () => {
  await t.close();
});

/** A fresh collection holding one document; returns the collection and the doc's _id. */
async function withDoc(doc: Document): Promise<{ c: LooseCollection; _id: Types.ObjectId; get: () => Promise<Document | null> }> {
  const c = loose(`u${n++}`);
  const _id = new Types.ObjectId();
  await c.insertOne(Object.assign({ _id }, doc));
  const get = async (): Promise<Document | null> => {
    const d = await c.findOne({ _id });
    if (!d) return null;
    const { _id: _ignored, ...rest } = d;
    return rest;
  };
  return { c, _id, get };
}

describe('update operators', () => {
  it('$set and $unset, including dotted paths and array indexes', async () => {
    const { c, _id, get } = await withDoc({ a: 1, sub: { x: 1, y: 2 }, arr: [1, 2, 3] });
    await c.updateOne({ _id }, { $set: { a: 2, 'sub.z': 3, 'new.deep': true, 'arr.1': 20 } });
    expect(await get()).toEqual({ a: 2, sub: { x: 1, y: 2, z: 3 }, arr: [1, 20, 3], new: { deep: true } });
    await c.updateOne({ _id }, { $unset: { a: '', 'sub.x': '', missing: '' } });
    expect(await get()).toEqual({ sub: { y: 2, z: 3 }, arr: [1, 20, 3], new: { deep: true } });
    await expect(c.updateOne({ _id }, { $set: { 'arr.x': 1 } })).rejects.toMatchObject({ code: 28 });
  });

  it('$inc and $mul (numeric only)', async () => {
    const { c, _id, get } = await withDoc({ n: 5, s: 'text' });
    await c.updateOne({ _id }, { $inc: { n: -2, fresh: 4 } });
    expect(await get()).toEqual({ n: 3, s: 'text', fresh: 4 });
    await c.updateOne({ _id }, { $mul: { n: 3, other: 2 } });
    expect(await get()).toEqual({ n: 9, s: 'text', fresh: 4, other: 0 });
    await expect(c.updateOne({ _id }, { $inc: { s: 1 } })).rejects.toMatchObject({
      code: 14,
      message: expect.stringContaining('non-numeric'),
    });
    await expect(c.updateOne({ _id }, { $inc: { n: 'x' as unknown as number } })).rejects.toMatchObject({ code: 14 });
    expect((await get())!.n).toBe(9);
  });

  it('$min and $max', async () => {
    const { c, _id, get } = await withDoc({ lo: 5, hi: 5, when: new Date('2024-01-01') });
    await c.updateOne({ _id }, { $min: { lo: 3, hi: 9 }, $max: { when: new Date('2024-02-01') } });
    await c.updateOne({ _id }, { $max: { hi: 7 } });
    expect(await get()).toEqual({ lo: 3, hi: 7, when: new Date('2024-02-01') });
  });

  it('$push with $each, $position, $slice and $sort', async () => {
    const { c, _id, get } = await withDoc({ list: [3] });
    await c.updateOne({ _id }, { $push: { list: 1 } });
    await c.updateOne({ _id }, { $push: { list: { $each: [9, 0], $position: 0 } } });
    expect((await get())!.list).toEqual([9, 0, 3, 1]);
    await c.updateOne({ _id }, { $push: { list: { $each: [5], $sort: 1, $slice: 3 } } });
    expect((await get())!.list).toEqual([0, 1, 3]);
    await c.updateOne({ _id }, { $push: { fresh: { a: 1 } } });
    expect((await get())!.fresh).toEqual([{ a: 1 }]);
    await c.updateOne({ _id }, { $set: { notArray: 1 } });
    await expect(c.updateOne({ _id }, { $push: { notArray: 2 } })).rejects.toMatchObject({ code: 14 });
  });

  it('$addToSet with and without $each (no duplicates, even inside $each)', async () => {
    const { c, _id, get } = await withDoc({ tags: ['a'] });
    await c.updateOne({ _id }, { $addToSet: { tags: 'a' } });
    await c.updateOne({ _id }, { $addToSet: { tags: { $each: ['b', 'b', 'a', 'c'] } } });
    await c.updateOne({ _id }, { $addToSet: { objs: { x: 1, y: 2 } } });
    await c.updateOne({ _id }, { $addToSet: { objs: { x: 1, y: 2 } } });
    await c.updateOne({ _id }, { $addToSet: { objs: { y: 2, x: 1 } } }); // different field order = different value
    expect(await get()).toEqual({ tags: ['a', 'b', 'c'], objs: [{ x: 1, y: 2 }, { y: 2, x: 1 }] });
  });

  it('$pull by value, by condition and by subdocument query; $pullAll and $pop', async () => {
    const { c, _id, get } = await withDoc({ nums: [1, 5, 8, 5, 10], items: [{ k: 'a', q: 1 }, { k: 'b', q: 2 }, { k: 'a', q: 3 }], words: ['apple', 'Avocado', 'pear'] });
    await c.updateOne({ _id }, { $pull: { nums: 5 } });
    expect((await get())!.nums).toEqual([1, 8, 10]);
    await c.updateOne({ _id }, { $pull: { nums: { $gte: 8 } } });
    expect((await get())!.nums).toEqual([1]);
    await c.updateOne({ _id }, { $pull: { items: { k: 'a' } } });
    expect((await get())!.items).toEqual([{ k: 'b', q: 2 }]);
    await c.updateOne({ _id }, { $pull: { words: /^a/i } });
    expect((await get())!.words).toEqual(['pear']);
    await c.updateOne({ _id }, { $set: { more: [1, 2, 3, 2, 4] } });
    await c.updateOne({ _id }, { $pullAll: { more: [2, 4] } });
    expect((await get())!.more).toEqual([1, 3]);
    await c.updateOne({ _id }, { $pop: { more: -1 } });
    expect((await get())!.more).toEqual([3]);
  });

  it('$rename', async () => {
    const { c, _id, get } = await withDoc({ old: 1, keep: 2 });
    await c.updateOne({ _id }, { $rename: { old: 'sub.fresh' } });
    expect(await get()).toEqual({ keep: 2, sub: { fresh: 1 } });
  });

  it('positional $ updates the first matching array element', async () => {
    const { c, _id, get } = await withDoc({ items: [{ k: 'a', q: 1 }, { k: 'b', q: 2 }], nums: [4, 7, 9] });
    const r = await c.updateOne({ _id, 'items.k': 'b' }, { $inc: { 'items.$.q': 10 } });
    expect(r.modifiedCount).toBe(1);
    await c.updateOne({ _id, nums: { $gt: 5 } }, { $set: { 'nums.$': 0 } });
    expect(await get()).toEqual({ items: [{ k: 'a', q: 1 }, { k: 'b', q: 12 }], nums: [4, 0, 9] });
    await c.updateOne({ _id, items: { $elemMatch: { k: 'a', q: 1 } } }, { $set: { 'items.$.q': 5 } });
    expect((await get())!.items).toEqual([{ k: 'a', q: 5 }, { k: 'b', q: 12 }]);
  });

  it('replacement documents keep _id and may not change it', async () => {
    const { c, _id, get } = await withDoc({ a: 1, b: 2 });
    await c.replaceOne({ _id }, { z: 26 });
    expect(await get()).toEqual({ z: 26 });
    await expect(c.replaceOne({ _id }, { _id: new Types.ObjectId(), z: 1 })).rejects.toMatchObject({ code: 66 });
    await expect(c.updateOne({ _id }, { $set: { _id: new Types.ObjectId() } })).rejects.toMatchObject({ code: 66 });
    expect(await get()).toEqual({ z: 26 });
  });

  it('rejects conflicting operators on the same path without changing anything', async () => {
    const { c, _id, get } = await withDoc({ a: 1 });
    await expect(c.updateOne({ _id }, { $set: { a: 2 }, $inc: { a: 1 } })).rejects.toMatchObject({ code: 40 });
    await expect(c.updateOne({ _id }, { $set: { 'a.b': 2, a: 3 } })).rejects.toMatchObject({ code: 40 });
    expect(await get()).toEqual({ a: 1 });
  });

  it('upserts with $setOnInsert (only applied on insert) and filter equality fields', async () => {
    const c = loose('upserts');
    const r1 = await c.updateOne(
      { code: 'X1', kind: { $eq: 'promo' }, n: { $gt: 0 } },
      { $inc: { hits: 1 }, $setOnInsert: { createdBy: 'first' } },
      { upsert: true },
    );
    expect(r1.upsertedCount).toBe(1);
    expect(r1.upsertedId).toBeInstanceOf(Types.ObjectId);
    const doc = await c.findOne({ code: 'X1' });
    expect(doc).toMatchObject({ code: 'X1', kind: 'promo', hits: 1, createdBy: 'first' });
    expect(doc).not.toHaveProperty('n');

    const r2 = await c.updateOne({ code: 'X1' }, { $inc: { hits: 1 }, $setOnInsert: { createdBy: 'second' } }, { upsert: true });
    expect(r2.upsertedCount).toBe(0);
    expect(r2.modifiedCount).toBe(1);
    expect(await c.findOne({ code: 'X1' })).toMatchObject({ hits: 2, createdBy: 'first' });

    // replacement upsert takes _id from the filter
    await c.replaceOne({ _id: 'fixed' as unknown as Types.ObjectId }, { v: 1 }, { upsert: true });
    expect(await c.findOne({ _id: 'fixed' as unknown as Types.ObjectId })).toEqual({ _id: 'fixed', v: 1 });
  });

  it('mongoose findOneAndUpdate: new/returnDocument, upsert, sort, projection and remove', async () => {
    const M = t.conn.model('Fam', new Schema({ name: String, n: Number, secret: String }));
    await M.create([{ name: 'a', n: 1, secret: 's' }, { name: 'b', n: 2, secret: 's' }]);
    const before = await M.findOneAndUpdate({ name: 'a' }, { $inc: { n: 1 } }).lean();
    expect(before!.n).toBe(1);
    const after = await M.findOneAndUpdate({ name: 'a' }, { $inc: { n: 1 } }, { returnDocument: 'after' }).lean();
    expect(after!.n).toBe(3);
    const top = await M.findOneAndUpdate({}, { $set: { top: true } }, { sort: { n: -1 }, returnDocument: 'after', projection: { secret: 0 }, strict: false }).lean();
    expect(top).toMatchObject({ name: 'a', n: 3 });
    expect(top).not.toHaveProperty('secret');
    const up = await M.findOneAndUpdate({ name: 'c' }, { $setOnInsert: { n: 10 } }, { upsert: true, returnDocument: 'after' }).lean();
    expect(up).toMatchObject({ name: 'c', n: 10 });
    const none = await M.findOneAndUpdate({ name: 'zzz' }, { $set: { n: 0 } }).lean();
    expect(none).toBeNull();
    const removed = await M.findOneAndDelete({ name: 'b' }).lean();
    expect(removed).toMatchObject({ name: 'b', n: 2 });
    expect(await M.countDocuments()).toBe(2);
    const replaced = await M.findOneAndReplace({ name: 'c' }, { name: 'c2', n: 0 }, { returnDocument: 'after' }).lean();
    expect(replaced).toMatchObject({ name: 'c2', n: 0 });
  });

  it('mongoose timestamps and defaults on upsert go through $set/$setOnInsert', async () => {
    const schema = new Schema({ key: String, plan: { type: String, default: 'free' }, n: Number }, { timestamps: true });
    const Acc = t.conn.model('Acc', schema);
    const created = await Acc.findOneAndUpdate({ key: 'k1' }, { $inc: { n: 1 } }, { upsert: true, returnDocument: 'after' }).lean();
    expect(created).toMatchObject({ key: 'k1', plan: 'free', n: 1 });
    expect(created!.createdAt).toBeInstanceOf(Date);
    expect(created!.updatedAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 5));
    const again = await Acc.findOneAndUpdate({ key: 'k1' }, { $inc: { n: 1 } }, { upsert: true, returnDocument: 'after' }).lean();
    expect(again!.n).toBe(2);
    expect(again!.createdAt).toEqual(created!.createdAt);
    expect(again!.updatedAt!.getTime()).toBeGreaterThan(created!.updatedAt!.getTime());
  });

  it('multi-document updates are all-or-nothing when one document fails', async () => {
    const c = loose('atomic_multi');
    await c.insertMany([{ k: 1, v: 1 }, { k: 2, v: 'not a number' }, { k: 3, v: 3 }]);
    await expect(c.updateMany({}, { $inc: { v: 1 } })).rejects.toMatchObject({ code: 14 });
    expect((await c.find().sort({ k: 1 }).toArray()).map((d) => d.v)).toEqual([1, 'not a number', 3]);
  });
});
