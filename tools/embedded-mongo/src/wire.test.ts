import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Long, ObjectId, deserialize, serialize, type Document } from 'bson';
import { startEmbeddedMongo, type EmbeddedMongo } from './index';
import { quietLogger } from './test-helpers';
import { crc32c } from './wire';

let mongo: EmbeddedMongo;

beforeAll(async () => {
  mongo = await startEmbeddedMongo({ port: 0, logger: quietLogger });
});

afterAll(async () => {
  await mongo.stop();
});

let requestId = 100;

function header(length: number, opCode: number, id: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(id, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opQuery(ns: string, query: Document): { id: number; buf: Buffer } {
  const id = requestId++;
  const body = Buffer.concat([
    Buffer.alloc(4), // flags
    Buffer.from(ns + '\0', 'utf8'),
    Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), // skip 0, return -1
    Buffer.from(serialize(query)),
  ]);
  return { id, buf: Buffer.concat([header(16 + body.length, 2004, id), body]) };
}

function opMsg(body: Document, opts: { flags?: number; sequences?: Array<[string, Document[]]>; checksum?: boolean } = {}): { id: number; buf: Buffer } {
  const id = requestId++;
  let flags = opts.flags ?? 0;
  if (opts.checksum) flags |= 1;
  const parts: Buffer[] = [];
  const f = Buffer.alloc(4);
  f.writeUInt32LE(flags >>> 0, 0);
  parts.push(f, Buffer.from([0]), Buffer.from(serialize(body)));
  for (const [identifier, docs] of opts.sequences ?? []) {
    const payload = Buffer.concat([Buffer.from(identifier + '\0'), ...docs.map((d) => Buffer.from(serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4, 0);
    parts.push(Buffer.from([1]), size, payload);
  }
  let rest = Buffer.concat(parts);
  const length = 16 + rest.length + (opts.checksum ? 4 : 0);
  let msg = Buffer.concat([header(length, 2013, id), rest]);
  if (opts.checksum) {
    const c = Buffer.alloc(4);
    c.writeUInt32LE(crc32c(msg), 0);
    msg = Buffer.concat([msg, c]);
  }
  rest = msg;
  return { id, buf: rest };
}

class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: Array<(b: Buffer) => void> = [];
  closed: Promise<void>;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.drain();
    });
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private drain(): void {
    while (this.buf.length >= 4 && this.waiters.length) {
      const len = this.buf.readInt32LE(0);
      if (this.buf.length < len) return;
      const msg = this.buf.subarray(0, len);
      this.buf = this.buf.subarray(len);
      this.waiters.shift()!(msg);
    }
  }

  send(buf: Buffer): void {
    this.socket.write(buf);
  }

  next(): Promise<Buffer> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.drain();
    });
  }

  end(): void {
    this.socket.destroy();
  }
}

function readReply(msg: Buffer): { opCode: number; responseTo: number; doc: Document; flags: number } {
  const opCode = msg.readInt32LE(12);
  const responseTo = msg.readInt32LE(8);
  if (opCode === 1) {
    const numberReturned = msg.readInt32LE(32);
    expect(numberReturned).toBe(1);
    return { opCode, responseTo, flags: msg.readInt32LE(16), doc: deserialize(msg.subarray(36), { promoteLongs: false }) };
  }
  expect(opCode).toBe(2013);
  expect(msg[20]).toBe(0); // section kind 0
  return { opCode, responseTo, flags: msg.readUInt32LE(16), doc: deserialize(msg.subarray(21), { promoteLongs: false }) };
}

describe('wire protocol', () => {
  it('answers the legacy OP_QUERY isMaster handshake with OP_REPLY', async () => {
    const c = await RawClient.connect(mongo.port);
    for (const name of ['isMaster', 'ismaster']) {
      const q = opQuery('admin.$cmd', { [name]: 1, helloOk: true, client: { driver: { name: 'raw', version: '0' } } });
      c.send(q.buf);
      const r = readReply(await c.next());
      expect(r.opCode).toBe(1);
      expect(r.responseTo).toBe(q.id);
      expect(r.doc).toMatchObject({ ok: 1, ismaster: true, helloOk: true, maxWireVersion: 21, minWireVersion: 0, maxBsonObjectSize: 16 * 1024 * 1024 });
      expect(r.doc.localTime).toBeInstanceOf(Date);
      expect(typeof r.doc.connectionId).toBe('number');
    }
    // $query-wrapped form
    const wrapped = opQuery('admin.$cmd', { $query: { ismaster: 1 }, $readPreference: { mode: 'primary' } });
    c.send(wrapped.buf);
    expect(readReply(await c.next()).doc.ismaster).toBe(true);
    // OP_QUERY on a collection is refused with a query failure, not silently answered
    const q2 = opQuery('db.coll', { x: 1 });
    c.send(q2.buf);
    const r2 = readReply(await c.next());
    expect(r2.flags & 2).toBe(2);
    expect(String(r2.doc.$err)).toContain('Unsupported legacy OP_QUERY');
    c.end();
  });

  it('answers hello over OP_MSG with every field the driver needs', async () => {
    const c = await RawClient.connect(mongo.port);
    const m = opMsg({ hello: 1, $db: 'admin' });
    c.send(m.buf);
    const r = readReply(await c.next());
    expect(r.responseTo).toBe(m.id);
    expect(r.doc).toMatchObject({
      ok: 1, isWritablePrimary: true, maxWireVersion: 21, minWireVersion: 0, maxBsonObjectSize: 16777216,
      maxMessageSizeBytes: 48000000, maxWriteBatchSize: 100000, logicalSessionTimeoutMinutes: 30,
    });
    expect(r.doc.localTime).toBeInstanceOf(Date);
    expect(r.doc).toHaveProperty('connectionId');
    c.end();
  });

  it('accepts kind-1 document sequences and verifies checksums', async () => {
    const c = await RawClient.connect(mongo.port);
    const ins = opMsg({ insert: 'seq', $db: 'wiretest', ordered: true }, {
      sequences: [['documents', [{ _id: 1, v: 'a' }, { _id: 2, v: 'b' }]]],
      checksum: true,
    });
    c.send(ins.buf);
    expect(readReply(await c.next()).doc).toMatchObject({ ok: 1, n: 2 });
    const find = opMsg({ find: 'seq', filter: {}, sort: { _id: 1 }, batchSize: 1, $db: 'wiretest' });
    c.send(find.buf);
    const r = readReply(await c.next()).doc;
    expect(r.cursor.firstBatch).toEqual([{ _id: 1, v: 'a' }]);
    expect(r.cursor.id).toBeInstanceOf(Long);
    expect(r.cursor.id.isZero()).toBe(false);
    const more = opMsg({ getMore: r.cursor.id, collection: 'seq', $db: 'wiretest' });
    c.send(more.buf);
    const m2 = readReply(await c.next()).doc;
    expect(m2.cursor.nextBatch).toEqual([{ _id: 2, v: 'b' }]);
    expect(m2.cursor.id.isZero()).toBe(true);

    // a wrong checksum closes the connection instead of running the command
    const bad = opMsg({ insert: 'seq', documents: [{ _id: 3 }], $db: 'wiretest' }, { checksum: true });
    bad.buf[bad.buf.length - 1] ^= 0xff;
    c.send(bad.buf);
    await c.closed;
    const c2 = await RawClient.connect(mongo.port);
    const count = opMsg({ count: 'seq', $db: 'wiretest' });
    c2.send(count.buf);
    expect(readReply(await c2.next()).doc).toMatchObject({ n: 2, ok: 1 });
    c2.end();
  });

  it('sends no reply when moreToCome is set, but still runs the command', async () => {
    const c = await RawClient.connect(mongo.port);
    c.send(opMsg({ insert: 'fire', documents: [{ _id: new ObjectId() }], $db: 'wiretest' }, { flags: 2 }).buf);
    c.send(opMsg({ endSessions: [], $db: 'admin' }, { flags: 2 }).buf);
    const ping = opMsg({ ping: 1, $db: 'admin' });
    c.send(ping.buf);
    const r = readReply(await c.next());
    expect(r.responseTo).toBe(ping.id); // the first reply is the ping's
    const count = opMsg({ count: 'fire', $db: 'wiretest' });
    c.send(count.buf);
    expect(readReply(await c.next()).doc.n).toBe(1);
    c.end();
  });

  it('replies to commands split across TCP packets and pipelined in one packet', async () => {
    const c = await RawClient.connect(mongo.port);
    const a = opMsg({ ping: 1, $db: 'admin' });
    const b = opMsg({ buildInfo: 1, $db: 'admin' });
    const both = Buffer.concat([a.buf, b.buf]);
    c.send(both.subarray(0, 7));
    await new Promise((r) => setTimeout(r, 10));
    c.send(both.subarray(7));
    expect(readReply(await c.next()).responseTo).toBe(a.id);
    const info = readReply(await c.next());
    expect(info.responseTo).toBe(b.id);
    expect(info.doc.version).toBe('7.0.0');
    c.end();
  });

  it('returns CommandNotFound for unknown commands and closes connections sending garbage', async () => {
    const c = await RawClient.connect(mongo.port);
    const m = opMsg({ frobnicate: 1, $db: 'admin' });
    c.send(m.buf);
    const r = readReply(await c.next()).doc;
    expect(r).toMatchObject({ ok: 0, code: 59, codeName: 'CommandNotFound' });
    expect(r.errmsg).toContain("'frobnicate'");
    c.send(Buffer.from([8, 0, 0, 0, 1, 2, 3, 4]));
    await c.closed;
  });
});
