import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectId } from 'bson';
import { compileFilter } from './engine';
import { Rank, boundsOf, compareValues, indexedCandidates } from './ordered-index';
import { Collection } from './store';
import { openTestDb, type TestDb } from './test-helpers';
import { normalizeFilter } from './validate';

type Obj = Record<string, unknown>;

/** A small deterministic PRNG, so a failing case can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ids = [...Array(5)].map((_, i) => new ObjectId(`65a0000000000000000000${String(i).padStart(2, '0')}`));
const words = ['', 'a', 'B', 'beer', 'cafe', 'café', 'hall', 'Z', 'zz'];

function randomValue(r: () => number): unknown {
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  switch (Math.floor(r() * 9)) {
    case 0:
      return Math.floor(r() * 20) - 5;
    case 1:
      return pick([0.5, -0, Number.NaN, 1e9, -1e9]);
    case 2:
      return pick(words);
    case 3:
      return new Date(Date.UTC(2026, 10, 1) + Math.floor(r() * 10) * 86_400_000);
    case 4:
      return pick(ids);
    case 5:
      return r() < 0.5;
    case 6:
      return null;
    case 7:
      return [randomValue(r), randomValue(r)];
    default:
      return { n: Math.floor(r() * 3) };
  }
}

function randomDoc(r: () => number, i: number): Obj {
  const doc: Obj = { _id: i };
  if (r() < 0.9) doc.a = randomValue(r);
  if (r() < 0.8) doc.b = Math.floor(r() * 10);
  const roll = r();
  if (roll < 0.6) doc.c = { d: r() < 0.2 ? [randomValue(r), randomValue(r)] : randomValue(r) };
  else if (roll < 0.75) doc.c = [{ d: randomValue(r) }, { d: randomValue(r) }, [{ d: randomValue(r) }]];
  return doc;
}

function randomCondition(r: () => number): unknown {
  const v = () => (r() < 0.15 ? randomValue(r) : r() < 0.5 ? Math.floor(r() * 20) - 5 : new Date(Date.UTC(2026, 10, 1) + Math.floor(r() * 12) * 86_400_000 - 43_200_000));
  switch (Math.floor(r() * 8)) {
    case 0:
      return v();
    case 1:
      return { $eq: v() };
    case 2:
      return { $in: [v(), v(), v()] };
    case 3:
      return { $gte: v() };
    case 4:
      return { $lt: v() };
    case 5: {
      const x = v();
      return { $gt: x, $lte: x instanceof Date ? new Date(x.getTime() + 3 * 86_400_000) : typeof x === 'number' ? x + 7 : x };
    }
    case 6:
      return { $gte: v(), $ne: v() };
    default:
      return { $lte: v(), $exists: true };
  }
}

function randomFilter(r: () => number): Obj {
  const field = () => (['a', 'b', 'c.d'] as const)[Math.floor(r() * 3)];
  switch (Math.floor(r() * 4)) {
    case 0:
      return { [field()]: randomCondition(r) };
    case 1:
      return { [field()]: randomCondition(r), b: { $gte: Math.floor(r() * 10) } };
    case 2:
      return { $and: [{ [field()]: randomCondition(r) }, { [field()]: randomCondition(r) }] };
    default:
      return { $or: [{ a: randomCondition(r) }], b: randomCondition(r) };
  }
}

const keyOf = (d: Obj) => String(d._id);

describe('ordered indexes', () => {
  it('narrow a query to a superset of its matches, and the filter over that superset gives exactly the full scan’s answer (randomised, replayable)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = prng(seed);
      const coll = new Collection('db', 'c');
      const docs = [...Array(120)].map((_, i) => randomDoc(r, i));
      // half before the indexes are declared (built in bulk), half after (kept up to date by writes)
      for (const d of docs.slice(0, 60)) coll.insert(d);
      for (const name of ['a_1', 'b_1_a_-1', 'c.d_1']) {
        const fields = name === 'a_1' ? { a: 1 } : name === 'c.d_1' ? { 'c.d': 1 } : { b: 1, a: -1 };
        coll.createIndex({ key: fields, name });
      }
      for (const d of docs.slice(60)) coll.insert(d);
      // updates and removals must move and drop entries
      for (let i = 0; i < 30; i++) {
        const old = coll.getById(Math.floor(r() * 120));
        if (old) coll.replace(old, randomDoc(r, old._id as number));
      }
      for (let i = 0; i < 10; i++) {
        const old = coll.getById(Math.floor(r() * 120));
        if (old) coll.remove(old);
      }
      for (let q = 0; q < 60; q++) {
        const filter = normalizeFilter(randomFilter(r));
        const test = compileFilter(filter);
        const expected = [...coll.docs.values()].filter(test).map(keyOf).sort();
        const keys = indexedCandidates(filter, (field) => coll.orderedIndex(field));
        if (!keys) continue;
        const candidates = keys.map((k) => coll.docs.get(k)!);
        expect(new Set(keys).size, `seed ${seed}: no document twice`).toBe(keys.length);
        expect(candidates.filter(test).map(keyOf).sort(), `seed ${seed} ${JSON.stringify(filter)}`).toEqual(expected);
      }
    }
  });

  it('read only the documents within the bounds', () => {
    const coll = new Collection('db', 'views');
    coll.createIndex({ key: { viewed_at: -1, _id: -1 }, name: 'viewed_at_-1__id_-1' });
    const day = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 3000; i++) coll.insert({ _id: i, viewed_at: new Date(day + (i % 30) * 86_400_000 + i), page: i % 7 === 0 ? '/beer' : '/' });
    const filter = normalizeFilter({ viewed_at: { $gte: new Date(day + 29 * 86_400_000), $lt: new Date(day + 30 * 86_400_000) } });
    const keys = indexedCandidates(filter, (f) => coll.orderedIndex(f))!;
    expect(keys).toHaveLength(100);
    // in index order
    const times = keys.map((k) => (coll.docs.get(k)!.viewed_at as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // a field no declared index leads is not indexed: the caller scans
    expect(indexedCandidates(normalizeFilter({ page: '/beer' }), (f) => coll.orderedIndex(f))).toBeUndefined();
    // with two usable conditions the smaller side wins
    coll.createIndex({ key: { page: 1 }, name: 'page_1' });
    const both = indexedCandidates(normalizeFilter({ page: '/beer', viewed_at: { $gte: new Date(day) } }), (f) => coll.orderedIndex(f))!;
    expect(both).toHaveLength(Math.ceil(3000 / 7));
  });

  it('keep MongoDB’s order across types, and do not range over arrays with two bounds', () => {
    const ordered = [null, Number.NaN, -1, 0, 2.5, '', 'a', 'b', { x: 1 }, [1], ids[0], ids[1], false, true, new Date(0), new Date(1)];
    for (let i = 0; i < ordered.length; i++)
      for (let j = 0; j < ordered.length; j++) expect(Math.sign(compareValues(ordered[i], ordered[j])), `${i} vs ${j}`).toBe(Math.sign(i - j));
    expect(boundsOf({ $gte: 1, $lt: 5 }, false)).toEqual({ rank: Rank.Number, low: { value: 1, inclusive: true }, high: { value: 5, inclusive: false } });
    expect(boundsOf({ $gte: 1, $lt: 5 }, true)).toBeUndefined();
    expect(boundsOf({ $gte: 1 }, true)).toEqual({ rank: Rank.Number, low: { value: 1, inclusive: true } });
    expect(boundsOf({ $gte: 1, $lt: 'x' }, false)).toBeUndefined();
    expect(boundsOf(null, false)).toBeUndefined();
    expect(boundsOf(/x/, false)).toBeUndefined();
    expect(boundsOf({ $in: [1, null] }, false)).toBeUndefined();
    expect(boundsOf({ $ne: 1 }, false)).toBeUndefined();
  });
});

describe('ordered indexes through the driver', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('ordered', { ttlIntervalMs: 50 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer finds, counts, aggregates, updates and deletes on an indexed range the same as before, across writes and a dropped index', async () => {
    const c = t.conn.collection('events');
    await c.createIndex({ at: -1, _id: -1 });
    const base = Date.UTC(2026, 10, 20);
    await c.insertMany([...Array(50)].map((_, i) => ({ _id: i as never, at: new Date(base + i * 3_600_000), kind: i % 2 ? 'view' : 'press' })));
    const window = { at: { $gte: new Date(base + 10 * 3_600_000), $lt: new Date(base + 20 * 3_600_000) } };
    expect(await c.countDocuments(window)).toBe(10);
    expect((await c.find(window).sort({ at: -1 }).limit(3).toArray()).map((d) => d._id)).toEqual([19, 18, 17]);
    expect(await c.aggregate([{ $match: window }, { $group: { _id: '$kind', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray()).toEqual([
      { _id: 'press', n: 5 },
      { _id: 'view', n: 5 },
    ]);
    // moving a document out of the window, and another in
    await c.updateOne({ _id: 12 as never }, { $set: { at: new Date(base - 1) } });
    await c.updateOne({ _id: 40 as never }, { $set: { at: new Date(base + 15 * 3_600_000) } });
    await c.deleteMany({ at: { $gte: new Date(base + 18 * 3_600_000), $lt: new Date(base + 20 * 3_600_000) } });
    expect((await c.find(window).sort({ at: 1, _id: 1 }).toArray()).map((d) => d._id)).toEqual([10, 11, 13, 14, 15, 40, 16, 17]);
    await c.dropIndex('at_-1__id_-1');
    expect((await c.find(window).sort({ at: 1, _id: 1 }).toArray()).map((d) => d._id)).toEqual([10, 11, 13, 14, 15, 40, 16, 17]);
  });

  it.each([
    ['values whose order mingo shares (the index walk serves the sort)', false],
    ['ObjectIds among them too (the walk steps aside)', true],
  ])('give sorted, limited finds the same answer with and without indexes: %s', async (_name, withObjectIds) => {
    const r = prng(withObjectIds ? 8 : 7);
    const withIndex = t.conn.collection(`sorted_indexed_${String(withObjectIds)}`);
    const without = t.conn.collection(`sorted_plain_${String(withObjectIds)}`);
    await withIndex.createIndex({ a: -1, _id: -1 });
    await withIndex.createIndex({ b: 1 });
    const scalar = () => {
      const x = r();
      if (x < 0.45) return new Date(Date.UTC(2026, 10, 1) + Math.floor(r() * 40) * 3_600_000);
      if (x < 0.6) return Math.floor(r() * 8);
      if (x < 0.7) return words[Math.floor(r() * words.length)];
      if (x < 0.75) return null;
      if (x < 0.8) return r() < 0.5;
      if (x < 0.85 && withObjectIds) return ids[Math.floor(r() * ids.length)];
      return undefined;
    };
    const docs = [...Array(400)].map((_, i) => {
      const d: Obj = { _id: i, b: Math.floor(r() * 6) };
      const a = scalar();
      if (a !== undefined) d.a = a;
      return d;
    });
    await withIndex.insertMany(docs as never[]);
    await without.insertMany(docs as never[]);
    const at = (h: number) => new Date(Date.UTC(2026, 10, 1) + h * 3_600_000);
    for (let q = 0; q < 150; q++) {
      const h = Math.floor(r() * 40);
      const filters: Obj[] = [
        {},
        { a: { $gte: at(h) } },
        { a: { $gte: at(h), $lt: at(h + 6) } },
        { $and: [{ a: { $gte: at(0), $lt: at(40) } }, { a: { $gte: at(h), $lt: at(h + 3) } }] },
        { b: Math.floor(r() * 6) },
        { b: { $in: [1, 2] }, a: { $lt: at(h) } },
        { a: { $exists: true }, b: { $gte: 3 } },
      ];
      const filter = filters[Math.floor(r() * filters.length)];
      const sorts: Record<string, 1 | -1>[] = [{ a: -1 }, { a: 1 }, { a: -1, _id: -1 }, { a: 1, b: -1 }, { b: 1, a: -1 }];
      const sort = sorts[Math.floor(r() * sorts.length)];
      const limit = 1 + Math.floor(r() * 30);
      const skip = r() < 0.3 ? Math.floor(r() * 10) : 0;
      const read = (c: typeof withIndex) => c.find(filter).sort(sort).skip(skip).limit(limit).toArray();
      const [got, want] = await Promise.all([read(withIndex), read(without)]);
      expect(got.map((d) => d._id), `${JSON.stringify(filter)} sort ${JSON.stringify(sort)} skip ${skip} limit ${limit}`).toEqual(want.map((d) => d._id));
    }
  });
});
