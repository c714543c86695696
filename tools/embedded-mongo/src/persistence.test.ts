import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { SnapshotCorruptError, startEmbeddedMongo } from './index';
import { decodeSnapshot } from './persistence';
import { quietLogger, uniqueDbName } from './test-helpers';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-'));
  file = path.join(dir, 'data', 'snapshot.bson');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const userSchema = () => new Schema({ email: { type: String, unique: true }, visits: Number, joined: Date });

/** Starts a server on the snapshot, runs `fn` with a mongoose connection, then stops both. */
async function session<T>(dbName: string, fn: (conn: mongoose.Connection) => Promise<T>, extra: Parameters<typeof startEmbeddedMongo>[0] = {}): Promise<T> {
  const mongo = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger, ...extra });
  const conn = await mongoose.createConnection(mongo.uri, { dbName, autoIndex: false }).asPromise();
  try {
    return await fn(conn);
  } finally {
    await conn.close();
    await mongo.stop();
  }
}

describe('snapshot persistence', () => {
  it('keeps documents, types and unique indexes across a restart', async () => {
    const dbName = uniqueDbName('persist');
    const joined = new Date('2024-05-06T07:08:09.010Z');
    const id = await session(dbName, async (conn) => {
      const User = conn.model('User', userSchema());
      await User.createIndexes();
      const u = await User.create({ email: 'a@b', visits: 3, joined });
      await conn.db!.collection('misc').insertOne({ nested: { list: [1, 'two', true, null] } });
      return u._id;
    });
    expect(fs.existsSync(file)).toBe(true);

    await session(dbName, async (conn) => {
      const User = conn.model('User', userSchema());
      const u = await User.findById(id).lean();
      expect(u).toMatchObject({ email: 'a@b', visits: 3 });
      expect(u!.joined).toEqual(joined);
      expect((await conn.db!.collection('misc').findOne({}, { projection: { _id: 0 } }))).toEqual({ nested: { list: [1, 'two', true, null] } });
      const idx = (await User.collection.listIndexes().toArray()).map((i) => [i.name, i.unique ?? false]);
      expect(idx).toEqual([['_id_', false], ['email_1', true]]);
      const err = await User.create({ email: 'a@b' }).then(() => undefined, (e: { code?: number }) => e);
      expect(err).toMatchObject({ code: 11000, keyValue: { email: 'a@b' } });
      await User.updateOne({ _id: id }, { $inc: { visits: 1 } });
    });

    await session(dbName, async (conn) => {
      expect((await conn.db!.collection('users').findOne({ email: 'a@b' }))!.visits).toBe(4);
    });
  });

  it("with durability: 'snapshot', saves in the background shortly after a write (debounced), before stop", async () => {
    const dbName = uniqueDbName('debounce');
    const mongo = await startEmbeddedMongo({ port: 0, dataFile: file, durability: 'snapshot', saveDebounceMs: 20, logger: quietLogger });
    const conn = await mongoose.createConnection(mongo.uri, { dbName }).asPromise();
    try {
      await conn.db!.collection('c').insertOne({ x: 1 });
      const deadline = Date.now() + 5000;
      while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(fs.existsSync(file)).toBe(true);
      // the file is a complete snapshot while the server still runs (a second server may not
      // open it then: one process per data file, so it is decoded directly)
      const { store } = decodeSnapshot(fs.readFileSync(file), file);
      expect(store.getCollection(dbName, 'c')?.docs.size).toBe(1);
    } finally {
      await conn.close();
      await mongo.stop();
    }
  });

  it('ignores (and removes) a partial temp file left by a crash mid-save', async () => {
    const dbName = uniqueDbName('crash');
    await session(dbName, async (conn) => {
      await conn.db!.collection('c').insertMany([{ n: 1 }, { n: 2 }]);
    });
    const good = fs.readFileSync(file);
    // a crash during the next save leaves a truncated temp file next to the snapshot
    const tmp = `${file}.tmp-99999-1`;
    fs.writeFileSync(tmp, Buffer.concat([good.subarray(0, Math.floor(good.length / 2)), Buffer.from('garbage')]));
    await session(dbName, async (conn) => {
      expect((await conn.db!.collection('c').find().sort({ n: 1 }).toArray()).map((d) => d.n)).toEqual([1, 2]);
    });
    expect(fs.existsSync(tmp)).toBe(false);
    expect(fs.readFileSync(file).length).toBeGreaterThan(0);
  });

  it('refuses to start on a corrupt snapshot by default and leaves the file untouched', async () => {
    const dbName = uniqueDbName('corrupt');
    await session(dbName, async (conn) => {
      await conn.db!.collection('c').insertOne({ n: 1 });
    });
    const good = fs.readFileSync(file);
    const truncated = good.subarray(0, good.length - 10);
    fs.writeFileSync(file, truncated);
    const err = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(SnapshotCorruptError);
    expect((err as Error).message).toContain(file);
    expect((err as Error).message).toContain('corrupt');
    expect(fs.readFileSync(file).equals(truncated)).toBe(true);

    fs.writeFileSync(file, Buffer.from('this is not bson at all'));
    await expect(startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger })).rejects.toBeInstanceOf(SnapshotCorruptError);

    // a flipped byte inside a document still parses as BSON but fails the checksum
    const flipped = Buffer.from(good);
    const at = flipped.indexOf(Buffer.from('c\0'));
    expect(at).toBeGreaterThan(0);
    flipped[at] = 'd'.charCodeAt(0); // collection name "c" → "d"
    fs.writeFileSync(file, flipped);
    const e3 = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger }).then(() => undefined, (e: unknown) => e);
    expect(e3).toBeInstanceOf(SnapshotCorruptError);
    expect((e3 as Error).message).toContain('checksum');
  });

  it("with onCorruptSnapshot: 'move-aside' keeps the corrupt file as <file>.corrupt-<ts> and logs", async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]));
    const errors: string[] = [];
    const logger = { ...quietLogger, error: (m: string) => errors.push(m) };
    const dbName = uniqueDbName('aside');
    await session(dbName, async (conn) => {
      expect(await conn.db!.collection('c').countDocuments()).toBe(0);
      await conn.db!.collection('c').insertOne({ fresh: true });
    }, { onCorruptSnapshot: 'move-aside', logger });
    const aside = fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith('snapshot.bson.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(file), aside[0]))).toEqual(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(errors.join('\n')).toContain(aside[0]);
    await session(dbName, async (conn) => {
      expect(await conn.db!.collection('c').countDocuments({ fresh: true })).toBe(1);
    });
  });

  it('uses EMBEDDED_MONGO_DATA when no dataFile option is given', async () => {
    const before = process.env.EMBEDDED_MONGO_DATA;
    process.env.EMBEDDED_MONGO_DATA = file;
    try {
      const mongo = await startEmbeddedMongo({ port: 0, logger: quietLogger });
      const conn = await mongoose.createConnection(mongo.uri, { dbName: 'envdb' }).asPromise();
      await conn.db!.collection('c').insertOne({ x: 1 });
      await conn.close();
      await mongo.stop();
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.EMBEDDED_MONGO_DATA;
      else process.env.EMBEDDED_MONGO_DATA = before;
    }
  });
});
