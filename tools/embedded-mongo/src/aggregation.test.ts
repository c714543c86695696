import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema, Types } from 'mongoose';
import { openTestDb, type TestDb } from './test-helpers';

let t: TestDb;
interface OrderDoc { customer: Types.ObjectId; item: string; qty: number; pence: number; tags: string[]; at: Date }
let Order: mongoose.Model<OrderDoc>;
const alice = new Types.ObjectId();
const bob = new Types.ObjectId();

beforeAll(async () => {
  t = await openTestDb('agg');
  const Customer = t.conn.model('Customer', new Schema({ name: String }));
  await Customer.create([{ _id: alice, name: 'Alice' }, { _id: bob, name: 'Bob' }]);
  Order = t.conn.model<OrderDoc>('Order', new Schema<OrderDoc>({ customer: Schema.Types.ObjectId, item: String, qty: Number, pence: Number, tags: [String], at: Date }));
  await Order.create([
    { customer: alice, item: 'tea', qty: 2, pence: 250, tags: ['hot', 'drink'], at: new Date('2024-01-01T10:00:00Z') },
    { customer: alice, item: 'cake', qty: 1, pence: 400, tags: ['food'], at: new Date('2024-01-02T10:00:00Z') },
    { customer: bob, item: 'tea', qty: 3, pence: 250, tags: ['hot', 'drink'], at: new Date('2024-01-03T10:00:00Z') },
    { customer: bob, item: 'juice', qty: 1, pence: 300, tags: [], at: new Date('2024-01-04T10:00:00Z') },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('aggregation stages', () => {
  it('$match and countDocuments', async () => {
    const r = await Order.aggregate([{ $match: { item: 'tea', qty: { $gte: 3 } } }]);
    expect(r).toHaveLength(1);
    expect(r[0].customer).toEqual(bob);
    expect(await Order.countDocuments({ item: 'tea' })).toBe(2);
  });

  it('$group with $sum, $avg, $min, $max, $first, $last, $push, $addToSet and $count', async () => {
    const r = await Order.aggregate([
      { $sort: { at: 1 } },
      {
        $group: {
          _id: '$customer',
          orders: { $sum: 1 },
          items: { $sum: '$qty' },
          spent: { $sum: { $multiply: ['$qty', '$pence'] } },
          avgQty: { $avg: '$qty' },
          minPence: { $min: '$pence' },
          maxPence: { $max: '$pence' },
          first: { $first: '$item' },
          last: { $last: '$item' },
          all: { $push: '$item' },
          uniqueTags: { $addToSet: '$tags' },
          n: { $count: {} },
        },
      },
      { $sort: { spent: -1 } },
    ]);
    expect(r).toHaveLength(2);
    expect(r[0]._id).toEqual(bob);
    expect(r[0]).toMatchObject({ orders: 2, items: 4, spent: 1050, avgQty: 2, minPence: 250, maxPence: 300, first: 'tea', last: 'juice', all: ['tea', 'juice'], n: 2 });
    expect(r[1]._id).toEqual(alice);
    expect(r[1]).toMatchObject({ orders: 2, items: 3, spent: 900, avgQty: 1.5, minPence: 250, maxPence: 400, first: 'tea', last: 'cake', all: ['tea', 'cake'], n: 2 });
    expect(r[1].uniqueTags).toHaveLength(2);
    expect(r[1].uniqueTags).toEqual(expect.arrayContaining([['hot', 'drink'], ['food']]));
    const tags = await Order.aggregate([{ $unwind: '$tags' }, { $group: { _id: null, t: { $addToSet: '$tags' } } }]);
    expect([...tags[0].t].sort()).toEqual(['drink', 'food', 'hot']);
  });

  it('$sort, $skip and $limit', async () => {
    const r = await Order.aggregate([{ $sort: { pence: -1, at: 1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, item: 1 } }]);
    expect(r).toEqual([{ item: 'juice' }, { item: 'tea' }]);
  });

  it('$project with inclusion, exclusion and expressions; $addFields and $set', async () => {
    const r = await Order.aggregate([
      { $match: { item: 'cake' } },
      { $project: { _id: 0, item: 1, total: { $multiply: ['$qty', '$pence'] }, label: { $concat: ['$item', '!'] } } },
    ]);
    expect(r).toEqual([{ item: 'cake', total: 400, label: 'cake!' }]);
    const ex = await Order.aggregate([{ $match: { item: 'cake' } }, { $project: { tags: 0, at: 0, customer: 0, __v: 0, _id: 0 } }]);
    expect(ex).toEqual([{ item: 'cake', qty: 1, pence: 400 }]);
    const added = await Order.aggregate([
      { $match: { item: 'juice' } },
      { $addFields: { double: { $multiply: ['$qty', 2] } } },
      { $set: { big: { $gt: ['$pence', 250] } } },
      { $project: { _id: 0, double: 1, big: 1 } },
    ]);
    expect(added).toEqual([{ double: 2, big: true }]);
  });

  it('$unwind (plain and preserveNullAndEmptyArrays)', async () => {
    const r = await Order.aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
    expect(r).toEqual([{ _id: 'drink', n: 2 }, { _id: 'food', n: 1 }, { _id: 'hot', n: 2 }]);
    const kept = await Order.aggregate([{ $unwind: { path: '$tags', preserveNullAndEmptyArrays: true } }, { $count: 'rows' }]);
    expect(kept).toEqual([{ rows: 6 }]);
    const plain = await Order.aggregate([{ $unwind: '$tags' }, { $count: 'rows' }]);
    expect(plain).toEqual([{ rows: 5 }]);
  });

  it('$count', async () => {
    expect(await Order.aggregate([{ $match: { item: 'tea' } }, { $count: 'teas' }])).toEqual([{ teas: 2 }]);
    expect(await Order.aggregate([{ $match: { item: 'none' } }, { $count: 'teas' }])).toEqual([]);
  });

  it('$facet runs sub-pipelines over the same input', async () => {
    const [r] = await Order.aggregate([
      { $facet: {
        total: [{ $count: 'n' }],
        page: [{ $sort: { at: -1 } }, { $limit: 2 }, { $project: { _id: 0, item: 1 } }],
        byItem: [{ $group: { _id: '$item', qty: { $sum: '$qty' } } }, { $sort: { qty: -1, _id: 1 } }],
      } },
    ]);
    expect(r.total).toEqual([{ n: 4 }]);
    expect(r.page).toEqual([{ item: 'juice' }, { item: 'tea' }]);
    expect(r.byItem).toEqual([{ _id: 'tea', qty: 5 }, { _id: 'cake', qty: 1 }, { _id: 'juice', qty: 1 }]);
  });

  it('$lookup with localField/foreignField joins on ObjectId', async () => {
    const r = await Order.aggregate([
      { $match: { item: 'juice' } },
      { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
      { $unwind: '$who' },
      { $project: { _id: 0, item: 1, name: '$who.name' } },
    ]);
    expect(r).toEqual([{ item: 'juice', name: 'Bob' }]);
    const Customer = t.conn.model('Customer');
    const withOrders = await Customer.aggregate([
      { $lookup: { from: 'orders', localField: '_id', foreignField: 'customer', as: 'orders' } },
      { $project: { _id: 0, name: 1, count: { $size: '$orders' } } },
      { $sort: { name: 1 } },
    ]);
    expect(withOrders).toEqual([{ name: 'Alice', count: 2 }, { name: 'Bob', count: 2 }]);
    const missing = await Order.aggregate([
      { $match: { item: 'cake' } },
      { $lookup: { from: 'nothing_here', localField: 'customer', foreignField: '_id', as: 'x' } },
      { $project: { _id: 0, x: 1 } },
    ]);
    expect(missing).toEqual([{ x: [] }]);
  });

  it('aggregation results page through getMore and never change stored data', async () => {
    const c = t.conn.db!.collection('agg_many');
    await c.insertMany([...Array(300)].map((_, i) => ({ i, sub: { v: i } })));
    const out = await c.aggregate([{ $addFields: { 'sub.v': 'changed' } }, { $sort: { i: 1 } }], { batchSize: 50 }).toArray();
    expect(out).toHaveLength(300);
    expect(out[299]).toMatchObject({ i: 299, sub: { v: 'changed' } });
    expect((await c.findOne({ i: 5 }))!.sub).toEqual({ v: 5 });
  });
});
