import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema, Types } from 'mongoose';
import { openTestDb, type TestDb } from './test-helpers';

interface Item {
  name: string;
  qty: number;
  group?: string;
  tags?: string[];
  meta?: { color?: string; size?: number };
  at?: Date;
}

let t: TestDb;
let Item: mongoose.Model<Item>;

beforeAll(async () => {
  t = await openTestDb('crud');
  Item = t.conn.model<Item>('Item', new Schema<Item>({
    name: { type: String, required: true },
    qty: Number,
    group: String,
    tags: [String],
    meta: { color: String, size: Number },
    at: Date,
  }));
  await Item.init();
});

afterAll(async () => {
  await t.close();
});

describe('findOneAndUpdate with a projection', () => {
  it('returns the updated document even when the update makes it stop matching the filter', async () => {
    const created = await Item.create({ name: 'switch', qty: 1, group: 'on' });
    const after = await Item.findOneAndUpdate({ _id: created._id, group: 'on' }, { $set: { group: 'off' } }, { new: true, projection: { group: 1, name: 1 } }).lean();
    expect(after).toMatchObject({ name: 'switch', group: 'off' });
    expect(after).not.toHaveProperty('qty');
    const before = await Item.findOneAndUpdate({ _id: created._id, group: 'off' }, { $set: { group: 'on' } }, { new: false, projection: { group: 1 } }).lean();
    expect(before).toMatchObject({ group: 'off' });
  });
});

describe('CRUD through mongoose', () => {
  it('creates, reads, updates and deletes documents', async () => {
    const created = await Item.create({ name: 'lamp', qty: 3, tags: ['a'], meta: { color: 'red' }, at: new Date('2024-01-02T03:04:05Z') });
    expect(created._id).toBeInstanceOf(Types.ObjectId);

    const found = await Item.findById(created._id).lean();
    expect(found).toMatchObject({ name: 'lamp', qty: 3, tags: ['a'], meta: { color: 'red' } });
    expect(found!.at).toBeInstanceOf(Date);
    expect(found!.at!.toISOString()).toBe('2024-01-02T03:04:05.000Z');

    const res = await Item.updateOne({ _id: created._id }, { $set: { qty: 4 } });
    expect(res.matchedCount).toBe(1);
    expect(res.modifiedCount).toBe(1);
    const same = await Item.updateOne({ _id: created._id }, { $set: { qty: 4 } });
    expect(same.matchedCount).toBe(1);
    expect(same.modifiedCount).toBe(0);
    expect((await Item.findById(created._id).lean())!.qty).toBe(4);

    const doc = await Item.findById(created._id);
    doc!.name = 'desk lamp';
    await doc!.save();
    expect((await Item.findById(created._id).lean())!.name).toBe('desk lamp');

    const del = await Item.deleteOne({ _id: created._id });
    expect(del.deletedCount).toBe(1);
    expect(await Item.findById(created._id)).toBeNull();
  });

  it('auto-generates ObjectId _ids and keeps client-chosen _ids', async () => {
    const coll = t.conn.db!.collection('raw_ids');
    const r = await coll.insertOne({ x: 1 });
    expect(r.insertedId).toBeInstanceOf(Types.ObjectId);
    await coll.insertOne({ _id: 'custom' as unknown as Types.ObjectId, x: 2 });
    const docs = await coll.find({}).sort({ x: 1 }).toArray();
    expect(docs.map((d) => d._id)).toEqual([r.insertedId, 'custom']);
    // _id comes first in stored documents
    expect(Object.keys(docs[1])[0]).toBe('_id');
  });

  it('supports insertMany, updateMany, deleteMany, countDocuments, estimatedDocumentCount and distinct', async () => {
    const M = t.conn.model('Bulk', new Schema({ g: String, n: Number }));
    await M.insertMany([{ g: 'a', n: 1 }, { g: 'b', n: 2 }, { g: 'a', n: 3 }, { g: 'c', n: 4 }]);
    expect(await M.countDocuments({ g: 'a' })).toBe(2);
    expect(await M.estimatedDocumentCount()).toBe(4);
    expect(await M.distinct('g')).toEqual(['a', 'b', 'c']);
    const up = await M.updateMany({ g: 'a' }, { $inc: { n: 10 } });
    expect(up.modifiedCount).toBe(2);
    expect((await M.find({ g: 'a' }).sort({ n: 1 }).lean()).map((d) => d.n)).toEqual([11, 13]);
    const del = await M.deleteMany({ n: { $gt: 3 } });
    expect(del.deletedCount).toBe(3);
    expect(await M.countDocuments()).toBe(1);
  });

  it('supports bulkWrite, populate ($in on _id) and countDocuments with skip/limit', async () => {
    const Author = t.conn.model('Author', new Schema({ name: String }));
    const Book = t.conn.model('Book', new Schema({ title: String, author: { type: Schema.Types.ObjectId, ref: 'Author' } }));
    const [a1, a2] = await Author.create([{ name: 'Ann' }, { name: 'Ben' }]);
    const res = await Book.bulkWrite([
      { insertOne: { document: { title: 'One', author: a1._id } } },
      { insertOne: { document: { title: 'Two', author: a2._id } } },
      { insertOne: { document: { title: 'Three', author: a1._id } } },
      { updateOne: { filter: { title: 'Two' }, update: { $set: { title: 'Deux' } } } },
      { replaceOne: { filter: { title: 'Three' }, replacement: { title: 'Trois', author: a1._id } } },
      { deleteOne: { filter: { title: 'One' } } },
      { updateOne: { filter: { title: 'Four' }, update: { $set: { author: a2._id } }, upsert: true } },
    ]);
    expect(res.insertedCount).toBe(3);
    expect(res.matchedCount).toBe(2);
    expect(res.modifiedCount).toBe(2);
    expect(res.deletedCount).toBe(1);
    expect(res.upsertedCount).toBe(1);
    const books = await Book.find().sort({ title: 1 }).populate<{ author: { name: string } }>('author').lean();
    expect(books.map((b) => [b.title, b.author.name])).toEqual([['Deux', 'Ben'], ['Four', 'Ben'], ['Trois', 'Ann']]);
    expect(await Book.countDocuments({}, { skip: 1, limit: 1 })).toBe(1);
    expect(await Book.countDocuments({ author: a2._id }, { skip: 1 })).toBe(1);
  });

  it('sorts with _id as tie-breaker, skips and limits', async () => {
    const S = t.conn.model('Sorted', new Schema({ k: Number, name: String }));
    const ids = [...Array(6)].map(() => new Types.ObjectId());
    // insert in scrambled order: ties on k must come back ordered by _id
    await S.insertMany([
      { _id: ids[3], k: 2, name: 'd' },
      { _id: ids[0], k: 1, name: 'a' },
      { _id: ids[5], k: 3, name: 'f' },
      { _id: ids[1], k: 1, name: 'b' },
      { _id: ids[4], k: 2, name: 'e' },
      { _id: ids[2], k: 1, name: 'c' },
    ]);
    expect((await S.find().sort({ k: 1 }).lean()).map((d) => d.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect((await S.find().sort({ k: -1 }).lean()).map((d) => d.name)).toEqual(['f', 'd', 'e', 'a', 'b', 'c']);
    expect((await S.find().sort({ k: 1 }).skip(2).limit(3).lean()).map((d) => d.name)).toEqual(['c', 'd', 'e']);
    expect((await S.find().sort({ name: -1 }).limit(2).lean()).map((d) => d.name)).toEqual(['f', 'e']);
    expect((await S.find().sort({ k: 1, name: -1 }).lean()).map((d) => d.name)).toEqual(['c', 'b', 'a', 'e', 'd', 'f']);
    // findOne honours sort
    expect((await S.findOne().sort({ k: -1, name: 1 }).lean())!.name).toBe('f');
  });

  it('sorts like MongoDB: missing equals null, arrays by their min (asc) / max (desc) element', async () => {
    const c = t.conn.db!.collection<{ _id: number; v?: unknown }>('sort_semantics');
    await c.insertMany([{ _id: 4, v: 3 }, { _id: 2 }, { _id: 3, v: [5, 1] }, { _id: 1, v: null }]);
    expect((await c.find().sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2, 3, 4]);
    expect((await c.find().sort({ v: -1 }).toArray()).map((d) => d._id)).toEqual([3, 4, 1, 2]);
    expect((await c.aggregate<{ _id: number }>([{ $sort: { v: 1 } }]).toArray()).map((d) => d._id)).toEqual([1, 2, 3, 4]);
    expect((await c.aggregate<{ _id: number }>([{ $sort: { v: -1 } }]).toArray()).map((d) => d._id)).toEqual([3, 4, 1, 2]);
  });

  it('applies projections (inclusion, exclusion, _id suppression, $slice, $elemMatch)', async () => {
    const P = t.conn.db!.collection('proj');
    await P.insertOne({ a: 1, b: { c: 2, d: 3 }, arr: [1, 2, 3, 4], people: [{ n: 'x', age: 5 }, { n: 'y', age: 9 }] });
    expect(await P.findOne({}, { projection: { a: 1, _id: 0 } })).toEqual({ a: 1 });
    expect(await P.findOne({}, { projection: { 'b.c': 1, _id: 0 } })).toEqual({ b: { c: 2 } });
    const excl = await P.findOne({}, { projection: { b: 0, arr: 0, people: 0 } });
    expect(Object.keys(excl!).sort()).toEqual(['_id', 'a']);
    expect(await P.findOne({}, { projection: { arr: { $slice: 2 }, _id: 0, a: 1 } })).toEqual({ a: 1, arr: [1, 2] });
    expect(await P.findOne({}, { projection: { people: { $elemMatch: { age: { $gt: 6 } } }, _id: 0 } }))
      .toEqual({ people: [{ n: 'y', age: 9 }] });
    const M = t.conn.model('Secret', new Schema({ user: String, password: String }));
    await M.create({ user: 'u', password: 'p' });
    const u = await M.findOne().select('-password').lean();
    expect(u).toMatchObject({ user: 'u' });
    expect(u).not.toHaveProperty('password');
  });

  it('pages a 1,000-document cursor through getMore', async () => {
    const C = t.conn.db!.collection('big');
    await C.insertMany([...Array(1000)].map((_, i) => ({ i })));
    const cursor = C.find({}).sort({ i: 1 });
    const all = await cursor.toArray();
    expect(all).toHaveLength(1000);
    expect(all.map((d) => d.i)).toEqual([...Array(1000).keys()]);

    // explicit batch sizes: first batch 101 by default, then getMore pages
    const raw = await t.conn.db!.command({ find: 'big', filter: {}, sort: { i: 1 } });
    expect(raw.cursor.firstBatch).toHaveLength(101);
    expect(raw.cursor.id.toString()).not.toBe('0');
    const more = await t.conn.db!.command({ getMore: raw.cursor.id, collection: 'big', batchSize: 500 });
    expect(more.cursor.nextBatch).toHaveLength(500);
    expect(more.cursor.nextBatch[0].i).toBe(101);
    const rest = await t.conn.db!.command({ getMore: more.cursor.id, collection: 'big' });
    expect(rest.cursor.nextBatch).toHaveLength(399);
    expect(rest.cursor.id.toString()).toBe('0');
    await expect(t.conn.db!.command({ getMore: raw.cursor.id, collection: 'big' })).rejects.toMatchObject({ code: 43 });

    // batchSize and mongoose streaming
    let seen = 0;
    for await (const d of C.find({ i: { $lt: 250 } }).batchSize(7)) {
      expect(d.i).toBe(seen);
      seen++;
    }
    expect(seen).toBe(250);

    // singleBatch / negative limit returns at most one batch and no cursor
    const single = await t.conn.db!.command({ find: 'big', filter: {}, limit: -5 });
    expect(single.cursor.firstBatch).toHaveLength(5);
    expect(single.cursor.id.toString()).toBe('0');

    // killCursors
    const open = await t.conn.db!.command({ find: 'big', filter: {}, batchSize: 2 });
    const killed = await t.conn.db!.command({ killCursors: 'big', cursors: [open.cursor.id] });
    expect(killed.cursorsKilled.map(String)).toEqual([open.cursor.id.toString()]);
  });

  it('keeps databases and collections separate and lists them', async () => {
    const other = t.conn.useDb(`${t.dbName}_other`);
    await other.db!.collection('things').insertOne({ x: 1 });
    await t.conn.db!.collection('things').insertOne({ x: 2 });
    expect((await other.db!.collection('things').find().toArray()).map((d) => d.x)).toEqual([1]);
    expect((await t.conn.db!.collection('things').find().toArray()).map((d) => d.x)).toEqual([2]);
    const names = (await t.conn.db!.listCollections({ name: 'things' }).toArray()).map((c) => c.name);
    expect(names).toEqual(['things']);
    const paged = await t.conn.db!.command({ listCollections: 1, nameOnly: true, cursor: { batchSize: 1 } });
    expect(paged.cursor.firstBatch).toHaveLength(1);
    const next = await t.conn.db!.command({ getMore: paged.cursor.id, collection: '$cmd.listCollections', batchSize: 1 });
    expect(next.cursor.nextBatch).toHaveLength(1);
    const k = await t.conn.db!.command({ killCursors: '$cmd.listCollections', cursors: [next.cursor.id] });
    expect(k.cursorsKilled).toHaveLength(1);
    const all = (await t.conn.db!.listCollections().toArray()).map((c) => c.name);
    expect(all).toEqual(expect.arrayContaining(['things', 'items', 'big']));
    const dbs = await t.conn.db!.admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toEqual(expect.arrayContaining([t.dbName, `${t.dbName}_other`]));
    await other.dropDatabase();
    const after = await t.conn.db!.admin().listDatabases();
    expect(after.databases.map((d) => d.name)).not.toContain(`${t.dbName}_other`);
  });

  it('creates and drops collections explicitly', async () => {
    await t.conn.db!.createCollection('explicit');
    await expect(t.conn.db!.command({ create: 'explicit' })).rejects.toMatchObject({ code: 48, codeName: 'NamespaceExists' });
    expect((await t.conn.db!.listCollections({ name: 'explicit' }).toArray())).toHaveLength(1);
    expect(await t.conn.db!.dropCollection('explicit')).toBe(true);
    expect((await t.conn.db!.listCollections({ name: 'explicit' }).toArray())).toHaveLength(0);
  });

  it('does not share mutable state between stored and returned documents', async () => {
    const coll = t.conn.db!.collection('clones');
    const input = { _id: new Types.ObjectId(), list: [1, 2], sub: { v: 1 } };
    await coll.insertOne(input);
    input.list.push(3);
    input.sub.v = 99;
    const first = await coll.findOne({ _id: input._id });
    expect(first).toEqual({ _id: input._id, list: [1, 2], sub: { v: 1 } });
    first!.list.push(4);
    expect(await coll.findOne({ _id: input._id })).toEqual({ _id: input._id, list: [1, 2], sub: { v: 1 } });
  });

  it('answers ping, buildInfo and getParameter', async () => {
    const admin = t.conn.db!.admin();
    expect((await admin.ping()).ok).toBe(1);
    const info = await admin.buildInfo();
    expect(info.version).toBe('7.0.0');
    const p = await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 });
    expect(p.featureCompatibilityVersion).toEqual({ version: '7.0' });
  });
});
