import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { openTestDb, type TestDb } from './test-helpers';

let t: TestDb;
let Thing: mongoose.Model<{ name: string; n: number }>;
type Doc = mongoose.mongo.Document;

beforeAll(async () => {
  t = await openTestDb('unsupported');
  Thing = t.conn.model<{ name: string; n: number }>('Thing', new Schema({ name: String, n: Number }));
  await Thing.create([{ name: 'a', n: 1 }, { name: 'b', n: 2 }]);
});

afterAll(async () => {
  await t.close();
});

async function rejection(p: Promise<unknown>): Promise<mongoose.mongo.MongoServerError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(mongoose.mongo.MongoServerError);
  return err as mongoose.mongo.MongoServerError;
}

function cmd(command: Doc): Promise<Doc> {
  return t.conn.db!.command(command);
}

describe('operations outside the supported subset fail loudly', () => {
  it.each([
    ['$where', { $where: 'this.n > 1' }],
    ['$text', { $text: { $search: 'a' } }],
    ['$expr', { $expr: { $gt: ['$n', 1] } }],
    ['$near', { loc: { $near: [0, 0] } }],
    ['$geoWithin', { loc: { $geoWithin: { $centerSphere: [[0, 0], 1] } } }],
    ['$type', { n: { $type: 'int' } }],
    ['$jsonSchema', { $jsonSchema: {} }],
  ])('query operator %s', async (op, filter) => {
    const e = await rejection(cmd({ find: 'things', filter }));
    expect(e.code).toBe(2);
    expect(e.message).toBe(`Unsupported operator ${op} in embedded store`);
    // and through mongoose
    const e2 = await rejection(Thing.find(filter as mongoose.QueryFilter<unknown>).lean().exec());
    expect(e2.message).toContain(op);
  });

  it('regex options other than i, m, s', async () => {
    const e = await rejection(cmd({ find: 'things', filter: { name: { $regex: 'a', $options: 'x' } } }));
    expect(e.message).toContain("regex option 'x'");
  });

  it.each([
    ['$currentDate', { $currentDate: { at: true } }],
    ['$bit', { $bit: { n: { and: 1 } } }],
  ])('update operator %s', async (op, update) => {
    const e = await rejection(cmd({ update: 'things', updates: [{ q: {}, u: update }] }));
    expect(e.message).toBe(`Unsupported operator ${op} in embedded store`);
    expect(await Thing.countDocuments({ at: { $exists: true } })).toBe(0);
  });

  it('update pipelines, arrayFilters and $[] positional paths', async () => {
    expect((await rejection(cmd({ update: 'things', updates: [{ q: {}, u: [{ $set: { x: 1 } }] }] }))).message).toContain('update pipeline');
    expect((await rejection(cmd({ update: 'things', updates: [{ q: {}, u: { $set: { 'a.$[i]': 1 } }, arrayFilters: [{ i: 1 }] }] }))).message).toContain('arrayFilters');
    expect((await rejection(cmd({ update: 'things', updates: [{ q: {}, u: { $set: { 'a.$[]': 1 } } }] }))).message).toContain('$[]');
  });

  it.each([
    ['$out', [{ $out: 'copy' }]],
    ['$merge', [{ $merge: { into: 'copy' } }]],
    ['$geoNear', [{ $geoNear: { near: [0, 0], distanceField: 'd' } }]],
    ['$changeStream', [{ $changeStream: {} }]],
    ['$graphLookup', [{ $graphLookup: {} }]],
    ['$sample', [{ $sample: { size: 1 } }]],
  ])('aggregation stage %s', async (op, pipeline) => {
    const e = await rejection(Thing.aggregate(pipeline as mongoose.PipelineStage[]).exec());
    expect(e.code).toBe(2);
    expect(e.message).toBe(`Unsupported aggregation stage ${op} in embedded store`);
  });

  it('aggregation expressions: $function, $accumulator, $where inside a pipeline', async () => {
    const f = await rejection(Thing.aggregate([{ $project: { x: { $function: { body: 'return 1', args: [], lang: 'js' } } } }]).exec());
    expect(f.message).toBe('Unsupported operator $function in embedded store');
    const acc = await rejection(Thing.aggregate([{ $group: { _id: null, x: { $accumulator: {} } } }] as unknown as mongoose.PipelineStage[]).exec());
    expect(acc.message).toBe('Unsupported operator $accumulator in embedded store');
    const w = await rejection(Thing.aggregate([{ $match: { $where: 'true' } }]).exec());
    expect(w.message).toBe('Unsupported operator $where in embedded store');
    const lookup = await rejection(Thing.aggregate([{ $lookup: { from: 'x', as: 'y', pipeline: [] } }]).exec());
    expect(lookup.message).toContain("$lookup option 'pipeline'");
  });

  it('collation, transactions, change streams and unknown commands', async () => {
    expect((await rejection(cmd({ find: 'things', filter: {}, collation: { locale: 'en' } }))).message).toBe("Unsupported option 'collation' in embedded store");
    const tx = await rejection(cmd({ find: 'things', filter: {}, startTransaction: true, autocommit: false, txnNumber: 1 }));
    expect(tx.message).toContain('transactions');
    const cs = await rejection(t.conn.db!.collection('things').aggregate([{ $changeStream: {} }]).toArray());
    expect(cs.message).toContain('$changeStream');
    const unknown = await rejection(cmd({ explain: { find: 'things' } }));
    expect(unknown.code).toBe(59);
    expect(unknown.message).toContain("Unsupported command 'explain'");
    const geoIdx = await rejection(t.conn.db!.collection('things').createIndex({ loc: '2dsphere' }));
    expect(geoIdx.message).toContain("index type '2dsphere'");
    const textIdx = await rejection(t.conn.db!.collection('things').createIndex({ name: 'text' }));
    expect(textIdx.message).toContain("index type 'text'");
  });

  it('Decimal128 values are rejected in documents, filters and updates', async () => {
    const d = mongoose.mongo.Decimal128.fromString('1.50');
    const ins = await rejection(cmd({ insert: 'things', documents: [{ name: 'c', price: d }] }));
    expect(ins.message).toContain('Decimal128');
    const upd = await rejection(cmd({ update: 'things', updates: [{ q: {}, u: { $set: { price: d } } }] }));
    expect(upd.message).toContain('Decimal128');
    const q = await rejection(cmd({ find: 'things', filter: { price: d } }));
    expect(q.message).toContain('Decimal128');
    const M = t.conn.model('Priced', new Schema({ price: Schema.Types.Decimal128 }));
    const viaMongoose = await rejection(M.create({ price: '1.50' }));
    expect(viaMongoose.message).toContain('Decimal128');
    expect(await Thing.countDocuments()).toBe(2);
  });

  it('a bad statement anywhere in a write batch changes nothing', async () => {
    const e = await rejection(cmd({
      update: 'things',
      updates: [
        { q: { name: 'a' }, u: { $set: { n: 100 } } },
        { q: { name: 'b' }, u: { $where: 1 } },
      ],
    }));
    expect(e.message).toContain('$where');
    expect((await Thing.findOne({ name: 'a' }).lean())!.n).toBe(1);
    const ins = await rejection(cmd({ insert: 'things', documents: [{ name: 'ok' }, { name: 'bad', v: mongoose.mongo.Decimal128.fromString('1') }] }));
    expect(ins.message).toContain('Decimal128');
    expect(await Thing.countDocuments({ name: 'ok' })).toBe(0);
  });
});
