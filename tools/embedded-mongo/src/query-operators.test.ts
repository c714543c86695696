import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';

type Document = mongoose.mongo.Document;
import { openTestDb, type TestDb } from './test-helpers';

let t: TestDb;
let coll: mongoose.mongo.Collection<Document>;
const owner = new Types.ObjectId();

beforeAll(async () => {
  t = await openTestDb('query');
  coll = t.conn.db!.collection('people');
  await coll.insertMany([
    { name: 'Alice', age: 30, tags: ['a', 'b'], owner, active: true, joined: new Date('2024-01-01'), scores: [{ s: 5, k: 'x' }, { s: 9, k: 'y' }], bio: 'Line one\nsecond line' },
    { name: 'bob', age: 25, tags: ['b'], active: false, joined: new Date('2024-06-01'), scores: [{ s: 2, k: 'x' }] },
    { name: 'Carol', age: 35, tags: [], active: true, nick: null, scores: [] },
    { name: 'dave', age: 40, active: true, address: { city: 'Leeds', zip: 'LS1' } },
  ]);
});

afterAll(async () => {
  await t.close();
});

async function names(filter: Document): Promise<string[]> {
  const docs = await coll.find(filter).sort({ name: 1 }).toArray();
  return docs.map((d) => d.name as string);
}

describe('query operators', () => {
  it('equality on scalars, ObjectId, Date, booleans, subdocuments, dotted paths and array elements', async () => {
    expect(await names({ name: 'bob' })).toEqual(['bob']);
    expect(await names({ owner })).toEqual(['Alice']);
    expect(await names({ owner: new Types.ObjectId() })).toEqual([]);
    expect(await names({ joined: new Date('2024-06-01') })).toEqual(['bob']);
    expect(await names({ active: false })).toEqual(['bob']);
    expect(await names({ address: { city: 'Leeds', zip: 'LS1' } })).toEqual(['dave']);
    expect(await names({ address: { zip: 'LS1', city: 'Leeds' } })).toEqual([]); // field order matters, like MongoDB
    expect(await names({ address: { $eq: { zip: 'LS1', city: 'Leeds' } } })).toEqual([]);
    expect(await names({ address: { $ne: { zip: 'LS1', city: 'Leeds' } } })).toEqual(['Alice', 'Carol', 'bob', 'dave']);
    expect(await names({ address: { $ne: { city: 'Leeds', zip: 'LS1' } } })).toEqual(['Alice', 'Carol', 'bob']);
    expect(await names({ address: { $in: [{ city: 'Leeds', zip: 'LS1' }, 'x'] } })).toEqual(['dave']);
    expect(await names({ address: { $in: [{ zip: 'LS1', city: 'Leeds' }] } })).toEqual([]);
    expect(await names({ address: { $nin: [{ city: 'Leeds', zip: 'LS1' }] } })).toEqual(['Alice', 'Carol', 'bob']);
    expect(await names({ scores: { s: 2, k: 'x' } })).toEqual(['bob']);
    expect(await names({ scores: { k: 'x', s: 2 } })).toEqual([]);
    expect(await names({ 'address.city': 'Leeds' })).toEqual(['dave']);
    expect(await names({ tags: 'b' })).toEqual(['Alice', 'bob']);
    expect(await names({ tags: ['b'] })).toEqual(['bob']);
    expect(await names({ 'scores.k': 'y' })).toEqual(['Alice']);
  });

  it('null matches missing and null fields', async () => {
    expect(await names({ nick: null })).toEqual(['Alice', 'Carol', 'bob', 'dave']);
    expect(await names({ address: null })).toEqual(['Alice', 'Carol', 'bob']);
  });

  it('$eq and $ne', async () => {
    expect(await names({ age: { $eq: 25 } })).toEqual(['bob']);
    expect(await names({ age: { $ne: 25 } })).toEqual(['Alice', 'Carol', 'dave']);
    expect(await names({ tags: { $ne: 'b' } })).toEqual(['Carol', 'dave']);
  });

  it('$gt, $gte, $lt, $lte on numbers and dates', async () => {
    expect(await names({ age: { $gt: 30 } })).toEqual(['Carol', 'dave']);
    expect(await names({ age: { $gte: 30 } })).toEqual(['Alice', 'Carol', 'dave']);
    expect(await names({ age: { $lt: 30 } })).toEqual(['bob']);
    expect(await names({ age: { $lte: 30, $gt: 25 } })).toEqual(['Alice']);
    expect(await names({ joined: { $gt: new Date('2024-03-01') } })).toEqual(['bob']);
  });

  it('$in and $nin (including regexes and arrays)', async () => {
    expect(await names({ age: { $in: [25, 40] } })).toEqual(['bob', 'dave']);
    expect(await names({ tags: { $in: ['a'] } })).toEqual(['Alice']);
    expect(await names({ name: { $in: [/^c/i, 'bob'] } })).toEqual(['Carol', 'bob']);
    expect(await names({ age: { $nin: [25, 40] } })).toEqual(['Alice', 'Carol']);
    expect(await names({ _id: { $in: [] } })).toEqual([]);
  });

  it('$exists', async () => {
    expect(await names({ address: { $exists: true } })).toEqual(['dave']);
    expect(await names({ nick: { $exists: true } })).toEqual(['Carol']);
    expect(await names({ tags: { $exists: false } })).toEqual(['dave']);
  });

  it('$and, $or and $nor', async () => {
    expect(await names({ $and: [{ active: true }, { age: { $lt: 36 } }] })).toEqual(['Alice', 'Carol']);
    expect(await names({ $or: [{ age: 25 }, { 'address.city': 'Leeds' }] })).toEqual(['bob', 'dave']);
    expect(await names({ $nor: [{ active: false }, { age: { $gte: 35 } }] })).toEqual(['Alice']);
    expect(await names({ active: true, $or: [{ age: 30 }, { age: 40 }] })).toEqual(['Alice', 'dave']);
  });

  it('$elemMatch on subdocuments and scalars', async () => {
    expect(await names({ scores: { $elemMatch: { k: 'x', s: { $gt: 4 } } } })).toEqual(['Alice']);
    // without $elemMatch the conditions may match different elements
    expect(await names({ 'scores.k': 'y', 'scores.s': 5 })).toEqual(['Alice']);
    expect(await names({ scores: { $elemMatch: { k: 'y', s: 5 } } })).toEqual([]);
    const nums = t.conn.db!.collection('nums');
    await nums.insertMany([{ v: [1, 9] }, { v: [4, 6] }]);
    const r = await nums.find({ v: { $elemMatch: { $gt: 3, $lt: 7 } } }).toArray();
    expect(r.map((d) => d.v)).toEqual([[4, 6]]);
  });

  it('$regex with options i and m, and BSON regular expressions', async () => {
    expect(await names({ name: { $regex: '^b' } })).toEqual(['bob']);
    expect(await names({ name: { $regex: '^B', $options: 'i' } })).toEqual(['bob']);
    expect(await names({ name: /^c/i })).toEqual(['Carol']);
    expect(await names({ bio: { $regex: '^second', $options: 'm' } })).toEqual(['Alice']);
    expect(await names({ bio: { $regex: '^second' } })).toEqual([]);
    expect(await names({ name: { $regex: /^A/ } })).toEqual(['Alice']);
  });

  it('$not, $all and $size', async () => {
    expect(await names({ age: { $not: { $gt: 30 } } })).toEqual(['Alice', 'bob']);
    expect(await names({ name: { $not: /^[a-z]/ } })).toEqual(['Alice', 'Carol']);
    expect(await names({ tags: { $all: ['a', 'b'] } })).toEqual(['Alice']);
    expect(await names({ tags: { $size: 0 } })).toEqual(['Carol']);
  });

  it('count and distinct honour the filter', async () => {
    expect(await coll.countDocuments({ active: true })).toBe(3);
    expect(await coll.distinct('tags')).toEqual(['a', 'b']);
    expect(await coll.distinct('name', { age: { $gt: 30 } })).toEqual(['Carol', 'dave']);
  });
});
