import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { JournalCorruptError, SnapshotCorruptError, startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from './index';
import { encodeJournalRecord, listJournalFiles, parseJournal, replayJournal } from './journal';
import { decodeSnapshot } from './persistence';
import { Store } from './store';
import { quietLogger } from './test-helpers';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-journal-'));
  file = path.join(dir, 'data', 'store.bson');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const DB = 'app';

interface Running {
  mongo: EmbeddedMongo;
  conn: mongoose.Connection;
  /** closes the connection, then stops the store like kill -9 (no final snapshot) */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

async function start(opts: EmbeddedMongoOptions = {}): Promise<Running> {
  const mongo = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger, ...opts });
  const conn = await mongoose.createConnection(mongo.uri, { dbName: DB, autoIndex: false, serverSelectionTimeoutMS: 30_000 }).asPromise();
  return {
    mongo,
    conn,
    async crash() {
      await conn.close();
      await mongo.abandon();
    },
    async stop() {
      await conn.close();
      await mongo.stop();
    },
  };
}

/** Everything in the given databases: collections, their indexes and documents (by _id). */
async function dump(conn: mongoose.Connection, dbs: string[] = [DB, 'other']): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const name of dbs) {
    const db = conn.useDb(name, { useCache: true }).db!;
    const colls = (await db.listCollections().toArray()).map((c) => c.name).sort();
    for (const c of colls) {
      out[`${name}.${c}`] = {
        indexes: (await db.collection(c).listIndexes().toArray()).map((i) => ({ ...i })),
        docs: await db.collection(c).find().sort({ _id: 1 }).toArray(),
      };
    }
  }
  return out;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function journalRecords(): Array<{ file: string; seqs: number[]; offsets: number[]; size: number }> {
  return listJournalFiles(file).map((f) => {
    const buf = fs.readFileSync(f);
    const parsed = parseJournal(buf);
    return { file: f, seqs: parsed.records.map((r) => r.seq), offsets: parsed.records.map((r) => r.offset), size: buf.length };
  });
}

function snapshotSeq(): number {
  return decodeSnapshot(fs.readFileSync(file), file).seq;
}

/** Inserts documents with these _ids one command at a time (one journal record each). */
async function insertEach(conn: mongoose.Connection, coll: string, ids: string[]): Promise<void> {
  for (const id of ids) await conn.db!.collection<{ _id: string; at: Date }>(coll).insertOne({ _id: id, at: new Date() });
}

describe('journal durability', () => {
  it('replays every kind of acknowledged write after a crash, to the same state', async () => {
    const a = await start({ ttlIntervalMs: 30 });
    const users = a.conn.db!.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ expires: 1 }, { expireAfterSeconds: 0 });
    await users.createIndex({ tmp: 1 });
    await users.insertMany([{ email: 'a@x', visits: 1, joined: new Date('2024-01-02T03:04:05.006Z') }, { email: 'b@x', visits: 5 }]);
    // generated ObjectIds (insert without _id, upsert), $inc, server-side Date from the client
    await users.updateOne({ email: 'c@x' }, { $set: { visits: 10 }, $setOnInsert: { joined: new Date() } }, { upsert: true });
    await users.updateOne({ email: 'a@x' }, { $inc: { visits: 2 }, $push: { tags: 'x' } as never });
    await users.updateMany({}, { $inc: { visits: 100 } });
    await users.findOneAndUpdate({ email: 'd@x' }, { $set: { visits: 0 } }, { upsert: true, returnDocument: 'after' });
    await users.findOneAndUpdate({ email: 'b@x' }, { $inc: { visits: -1 } });
    await users.findOneAndDelete({ email: 'd@x' });
    await users.replaceOne({ email: 'c@x' }, { email: 'c@x', replaced: true });
    await users.dropIndex('tmp_1');
    // a TTL deletion (the sweeper's delete is journaled too)
    await users.insertOne({ email: 'gone@x', expires: new Date(Date.now() - 1000) });
    await until('the TTL sweep', async () => (await users.countDocuments({ email: 'gone@x' })) === 0);
    // a failed write changes nothing
    await expect(users.insertOne({ email: 'a@x' })).rejects.toMatchObject({ code: 11000 });
    await a.conn.db!.createCollection('empty');
    await a.conn.db!.collection('dropped').insertOne({ x: 1 });
    await a.conn.db!.collection('dropped').drop();
    const other = a.conn.useDb('other').db!;
    await other.collection('kept').insertOne({ y: 1 });
    await a.conn.useDb('scratch').db!.collection('t').insertOne({ z: 1 });
    await a.conn.useDb('scratch').db!.dropDatabase();
    await a.conn.db!.collection('bulk').insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    await a.conn.db!.collection('bulk').deleteMany({ i: { $gte: 150 } });
    const before = await dump(a.conn);
    await a.crash();

    // nothing was folded into a snapshot: the state comes back from the journal alone
    expect(fs.existsSync(file)).toBe(false);
    expect(journalRecords().flatMap((j) => j.seqs).length).toBeGreaterThan(15);

    const warnings: string[] = [];
    const b = await start({ logger: { ...quietLogger, warn: (m: string) => warnings.push(m) } });
    try {
      expect(await dump(b.conn)).toEqual(before);
      expect(warnings).toEqual([]);
      await expect(b.conn.db!.collection('users').insertOne({ email: 'b@x' })).rejects.toMatchObject({ code: 11000 });
      expect((await b.conn.useDb('admin').db!.admin().listDatabases()).databases.map((d) => d.name)).not.toContain('scratch');
    } finally {
      await b.stop();
    }
    // start-up folded the journal into a snapshot
    expect(listJournalFiles(file)).toEqual([]);
    expect(snapshotSeq()).toBeGreaterThan(15);
  });

  it('truncates a torn tail record away, logs it, and keeps every complete record', async () => {
    const a = await start();
    await insertEach(a.conn, 'c', ['a', 'b', 'c']);
    await a.crash();
    const [j] = journalRecords();
    const good = fs.readFileSync(j.file);
    const last = j.seqs[j.seqs.length - 1];
    const next = encodeJournalRecord(last + 1, [{ o: 'i', db: DB, c: 'c', d: { _id: 'torn' } }]);

    // torn in the header, in the body, one byte short
    for (const cut of [3, 12, next.length - 1]) {
      fs.writeFileSync(j.file, Buffer.concat([good, next.subarray(0, cut)]));
      const warnings: string[] = [];
      const r = replayJournal(file, new Store(), 0, { warn: (m) => warnings.push(m) });
      expect(r.lastSeq).toBe(last);
      expect(fs.statSync(j.file).size).toBe(good.length);
      expect(warnings.join('\n')).toMatch(/discarded a torn record at byte \d+/);
    }

    fs.writeFileSync(j.file, Buffer.concat([good, next.subarray(0, 20), Buffer.alloc(64)]));
    const warnings: string[] = [];
    const b = await start({ logger: { ...quietLogger, warn: (m: string) => warnings.push(m) } });
    try {
      expect((await b.conn.db!.collection('c').find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual(['a', 'b', 'c']);
      expect(warnings.join('\n')).toContain(`journal ${j.file}: discarded a torn record at byte ${good.length}`);
      await b.conn.db!.collection<{ _id: string }>('c').insertOne({ _id: 'd' });
    } finally {
      await b.crash();
    }
    const c = await start();
    try {
      expect((await c.conn.db!.collection('c').find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual(['a', 'b', 'c', 'd']);
    } finally {
      await c.stop();
    }
  });

  it('replays the records after a checkpoint on top of its snapshot (size-triggered and explicit)', async () => {
    const a = await start({ journalMaxBytes: 4096 });
    const counters = a.conn.db!.collection<{ _id: string; n: number }>('counters');
    for (let i = 0; i < 120; i++) {
      await a.conn.db!.collection('items').insertOne({ i, pad: 'x'.repeat(64) });
      await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } }, { upsert: true });
    }
    // the journal passed 4 KiB many times: checkpoints ran and deleted the folded files
    await until('a size-triggered checkpoint', async () => fs.existsSync(file) && snapshotSeq() > 0);
    await a.mongo.checkpoint();
    const folded = snapshotSeq();
    await insertEach(a.conn, 'late', ['x', 'y']);
    await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } });
    const before = await dump(a.conn);
    await a.crash();

    const files = journalRecords();
    expect(files).toHaveLength(1);
    expect(files[0].file).toBe(`${file}.journal.${folded + 1}`);
    expect(files[0].seqs).toEqual([folded + 1, folded + 2, folded + 3]);

    const b = await start();
    try {
      expect(await dump(b.conn)).toEqual(before);
      expect((await b.conn.db!.collection('counters').findOne({ _id: 'c' as never }))!.n).toBe(121);
    } finally {
      await b.stop();
    }
  });

  it('survives a crash between the snapshot rename and the journal deletion without applying anything twice', async () => {
    const a = await start();
    await insertEach(a.conn, 'c', ['a1', 'a2', 'a3']);
    for (let i = 0; i < 5; i++) await a.conn.db!.collection<{ _id: string }>('counters').updateOne({ _id: 'c' }, { $inc: { n: 1 } }, { upsert: true });
    await a.crash();
    const [old] = journalRecords();
    const oldBytes = fs.readFileSync(old.file);
    const n = old.seqs[old.seqs.length - 1];

    // the next start folds that journal into a snapshot at n and deletes it; more writes follow
    const b = await start();
    await insertEach(b.conn, 'c', ['b1', 'b2']);
    for (let i = 0; i < 3; i++) await b.conn.db!.collection<{ _id: string }>('counters').updateOne({ _id: 'c' }, { $inc: { n: 1 } });
    await b.crash();
    expect(snapshotSeq()).toBe(n);
    expect(journalRecords().map((j) => j.file)).toEqual([`${file}.journal.${n + 1}`]);

    // as if the deletion never reached the disk: the folded journal is back beside the snapshot
    fs.writeFileSync(old.file, oldBytes);
    expect(journalRecords().map((j) => j.seqs[0])).toEqual([1, n + 1]);
    const c = await start();
    try {
      expect((await c.conn.db!.collection('c').find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
      expect((await c.conn.db!.collection('counters').findOne({ _id: 'c' as never }))!.n).toBe(8);
    } finally {
      await c.stop();
    }
    expect(listJournalFiles(file)).toEqual([]);
  });

  it('fails loudly on a corrupt record in the middle (or a gap); move-aside keeps what came before', async () => {
    const a = await start();
    await insertEach(a.conn, 'c', ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    await a.crash();
    const [j] = journalRecords();
    const good = fs.readFileSync(j.file);
    const third = j.offsets[2];

    const flipped = Buffer.from(good);
    flipped[third + 20] ^= 0xff;
    fs.writeFileSync(j.file, flipped);
    const err = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(JournalCorruptError);
    expect(err).toBeInstanceOf(SnapshotCorruptError);
    expect((err as Error).message).toContain(j.file);
    expect((err as Error).message).toContain('followed by valid records');
    expect(fs.readFileSync(j.file).equals(flipped)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);

    // a record missing from the middle is a gap in the sequence
    fs.writeFileSync(j.file, Buffer.concat([good.subarray(0, third), good.subarray(j.offsets[3])]));
    await expect(startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger })).rejects.toThrow(/records \d+ to \d+ are missing/);

    fs.writeFileSync(j.file, flipped);
    const errors: string[] = [];
    const b = await start({ onCorruptSnapshot: 'move-aside', logger: { ...quietLogger, error: (m: string) => errors.push(m) } });
    try {
      // records 1-2 (collection creation + r1, r2) are kept; r3 onwards sit in the moved file
      expect((await b.conn.db!.collection('c').find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual(['r1', 'r2']);
    } finally {
      await b.stop();
    }
    const aside = fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith(`${path.basename(j.file)}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(file), aside[0])).equals(flipped)).toBe(true);
    expect(errors.join('\n')).toContain(aside[0]);
  });

  it("keeps data when switching between 'journal' and 'snapshot' durability", async () => {
    const a = await start();
    await insertEach(a.conn, 'c', ['j1']);
    await a.crash();
    const b = await start({ durability: 'snapshot' });
    expect(listJournalFiles(file)).toEqual([]);
    await insertEach(b.conn, 'c', ['s1']);
    await b.stop();
    const c = await start();
    await insertEach(c.conn, 'c', ['j2']);
    await c.crash();
    const d = await start();
    try {
      expect((await d.conn.db!.collection('c').find().sort({ _id: 1 }).toArray()).map((x) => x._id)).toEqual(['j1', 'j2', 's1']);
    } finally {
      await d.stop();
    }
  });

  it('memory-only mode (no data file) writes no files', async () => {
    const before = process.env.EMBEDDED_MONGO_DATA;
    process.env.EMBEDDED_MONGO_DATA = '';
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const mongo = await startEmbeddedMongo({ port: 0, logger: quietLogger });
      const conn = await mongoose.createConnection(mongo.uri, { dbName: DB }).asPromise();
      await conn.db!.collection('c').insertMany([{ a: 1 }, { a: 2 }]);
      await conn.db!.collection('c').updateOne({ a: 1 }, { $inc: { a: 5 } });
      expect(await conn.db!.collection('c').countDocuments({ a: 6 })).toBe(1);
      await conn.close();
      await mongo.stop();
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
      if (before === undefined) delete process.env.EMBEDDED_MONGO_DATA;
      else process.env.EMBEDDED_MONGO_DATA = before;
    }
  });
});
