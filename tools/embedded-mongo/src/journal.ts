/**
 * Write-ahead journal: every change to the store is appended to `<dataFile>.journal.<n>` and
 * fsync'd before the command that made it is acknowledged (see README "Durability").
 *
 * File name: `<dataFile>.journal.<n>` where n is the sequence number of the first record the
 * file may hold, so sorting the files by n sorts their records.
 *
 * Record: [u32 LE payload length][u32 LE CRC-32 of payload][payload]
 *   payload = BSON { s: <sequence number>, ops: [StoreOp, ...] }   (one record per command)
 * Sequence numbers start at 1 and increase by one per record. The snapshot header says which
 * sequence it includes, so replay skips records at or below it (idempotent).
 *
 * Group commit: records appended while a write+fsync is in flight are written together by the
 * next one. Only one file is written at a time, oldest first, so a torn (partially written)
 * record can only be the last bytes written before a crash.
 */
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { deserialize, serialize, type Document } from 'bson';
import type { IndexDef } from './indexes';
import { LOAD_OPTIONS, SnapshotCorruptError, syncDir } from './persistence';
import type { Store, StoreOp } from './store';
import { normalizeValue } from './validate';

type Obj = Record<string, unknown>;

const HEADER = 8;
const JOURNAL_RE = /\.journal\.(\d+)$/;

export class JournalCorruptError extends SnapshotCorruptError {
  constructor(file: string, reason: string) {
    super(file, reason, 'journal');
    this.name = 'JournalCorruptError';
  }
}

export function journalFileName(dataFile: string, firstSeq: number): string {
  return `${dataFile}.journal.${firstSeq}`;
}

/** Journal files of `dataFile`, oldest first. */
export function listJournalFiles(dataFile: string): string[] {
  const dir = path.dirname(dataFile);
  const prefix = path.basename(dataFile) + '.journal.';
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)))
    .map((n) => ({ n, first: Number(n.slice(prefix.length)) }))
    .sort((a, b) => a.first - b.first)
    .map(({ n }) => path.join(dir, n));
}

export function encodeJournalRecord(seq: number, ops: StoreOp[]): Buffer {
  const body = serialize({ s: seq, ops });
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(zlib.crc32(body), 4);
  out.set(body, HEADER);
  return out;
}

export interface JournalRecord {
  seq: number;
  ops: StoreOp[];
  /** byte offset of the record in its file */
  offset: number;
}

type Attempt = { record: JournalRecord; end: number } | { error: string };

function readRecord(buf: Buffer, offset: number): Attempt {
  if (offset + HEADER > buf.length) return { error: `incomplete record header (${buf.length - offset} bytes)` };
  const len = buf.readUInt32LE(offset);
  const end = offset + HEADER + len;
  if (len < 5 || end > buf.length) return { error: `record length ${len} runs past the end of the file` };
  const body = buf.subarray(offset + HEADER, end);
  if (body.readInt32LE(0) !== len || body[len - 1] !== 0) return { error: 'record is not a BSON document' };
  if (zlib.crc32(body) !== buf.readUInt32LE(offset + 4)) return { error: 'checksum mismatch' };
  let doc: Document;
  try {
    doc = deserialize(body, LOAD_OPTIONS);
  } catch (e) {
    return { error: `unreadable record: ${(e as Error).message}` };
  }
  if (typeof doc.s !== 'number' || !Number.isSafeInteger(doc.s) || doc.s < 1 || !Array.isArray(doc.ops)) {
    return { error: 'record without sequence number or ops' };
  }
  return { record: { seq: doc.s, ops: doc.ops as StoreOp[], offset }, end };
}

export interface ParsedJournal {
  records: JournalRecord[];
  /** first unreadable record, if any */
  bad?: { offset: number; reason: string; followedByValid: boolean };
}

/** Parses a journal file; stops at the first unreadable record and says whether any valid one follows it. */
export function parseJournal(buf: Buffer): ParsedJournal {
  const records: JournalRecord[] = [];
  let offset = 0;
  while (offset < buf.length) {
    const r = readRecord(buf, offset);
    if ('error' in r) {
      let followedByValid = false;
      for (let p = offset + 1; p + HEADER + 5 <= buf.length && !followedByValid; p++) {
        followedByValid = 'record' in readRecord(buf, p);
      }
      return { records, bad: { offset, reason: r.error, followedByValid } };
    }
    records.push(r.record);
    offset = r.end;
  }
  return { records };
}

function need<T>(v: T | undefined | false, what: string): T {
  if (v === undefined || v === false) throw new Error(what);
  return v;
}

/** Applies one record's effects (replay). Throws when they do not fit the store (a corrupt journal). */
export function applyOps(store: Store, ops: StoreOp[]): void {
  for (const op of ops) {
    const coll = () => need(store.getCollection(op.db, (op as { c: string }).c), `collection ${op.db}.${(op as { c: string }).c} does not exist`);
    switch (op.o) {
      case 'cc':
        need(store.ensureCollection(op.db, op.c).created, `collection ${op.db}.${op.c} already exists`);
        break;
      case 'dc':
        need(store.dropCollection(op.db, op.c), `collection ${op.db}.${op.c} does not exist`);
        break;
      case 'dd':
        need(store.dropDatabase(op.db), `database ${op.db} does not exist`);
        break;
      case 'i':
        coll().insert(normalizeValue(op.d, 'journal document') as Obj);
        break;
      case 'u': {
        const c = coll();
        const next = normalizeValue(op.d, 'journal document') as Obj;
        c.replace(need(c.getById(next._id), `document to update is missing in ${c.ns}`), next);
        break;
      }
      case 'r': {
        const c = coll();
        c.remove(need(c.getById(normalizeValue(op.id, 'journal _id')), `document to remove is missing in ${c.ns}`));
        break;
      }
      case 'ci':
        need(coll().addIndexDef(op.def as IndexDef), `index ${op.def.name} already exists`);
        break;
      case 'di':
        coll().dropIndex(op.name);
        break;
      default:
        throw new Error(`unknown journal operation ${String((op as { o?: unknown }).o)}`);
    }
  }
}

export interface ReplayResult {
  /** last sequence applied (the snapshot's when nothing was replayed) */
  lastSeq: number;
  replayed: number;
  /** the journal files read (all covered by the state once replayed; delete after a checkpoint) */
  files: string[];
}

/** Where replay stops: file `index` (in listJournalFiles order), byte `offset`. */
export interface ReplayPosition {
  index: number;
  offset: number;
}

/** Something in the journal does not fit; everything before `at` was fine. */
export class ReplayProblem extends Error {
  constructor(readonly file: string, readonly at: ReplayPosition, readonly reason: string) {
    super(reason);
    this.name = 'ReplayProblem';
  }
}

/**
 * Replays the journal files of `dataFile` onto `store` (which holds the snapshot at `fromSeq`).
 * A torn tail (an unreadable last record with nothing valid after it, in this file or a later
 * one) is truncated away with a warning: it was being written when the process died, so it
 * was never acknowledged. Anything else that does not fit (a bad record followed by good ones,
 * a gap or disorder in the sequence, a record that does not apply) throws ReplayProblem.
 * With `stopAt`, replay ends there (records before it are applied, nothing after is checked).
 */
export function replayJournal(
  dataFile: string,
  store: Store,
  fromSeq: number,
  log: { warn: (m: string) => void },
  stopAt?: ReplayPosition,
): ReplayResult {
  const files = listJournalFiles(dataFile);
  const parsed = files.map((f) => parseJournal(fs.readFileSync(f)));
  let lastSeq = fromSeq;
  let seen = 0;
  let replayed = 0;
  const done = (): ReplayResult => ({ lastSeq, replayed, files });
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const stopsHere = (offset: number): boolean => stopAt !== undefined && (i > stopAt.index || (i === stopAt.index && offset >= stopAt.offset));
    const problem = (offset: number, reason: string): never => {
      throw new ReplayProblem(file, { index: i, offset }, reason);
    };
    const first = Number(JOURNAL_RE.exec(file)![1]);
    for (const rec of parsed[i].records) {
      if (stopsHere(rec.offset)) return done();
      if (rec.seq <= seen || rec.seq < first) problem(rec.offset, `record ${rec.seq} at byte ${rec.offset} is out of sequence`);
      seen = rec.seq;
      if (rec.seq <= fromSeq) continue;
      if (rec.seq !== lastSeq + 1) problem(rec.offset, `records ${lastSeq + 1} to ${rec.seq - 1} are missing (next record at byte ${rec.offset})`);
      try {
        applyOps(store, rec.ops);
      } catch (e) {
        problem(rec.offset, `record ${rec.seq} at byte ${rec.offset} does not apply: ${(e as Error).message}`);
      }
      lastSeq = rec.seq;
      replayed++;
    }
    const bad = parsed[i].bad;
    if (bad) {
      if (stopsHere(bad.offset)) return done();
      const laterValid = bad.followedByValid || parsed.slice(i + 1).some((p) => p.records.length > 0);
      if (laterValid) problem(bad.offset, `unreadable record at byte ${bad.offset} (${bad.reason}) followed by valid records`);
      const size = fs.statSync(file).size;
      truncate(file, bad.offset);
      log.warn(`embedded-mongo: journal ${file}: discarded a torn record at byte ${bad.offset} (${size - bad.offset} bytes, ${bad.reason}); ` +
        'it was being written when the process stopped and was never acknowledged');
    }
  }
  return done();
}

function truncate(file: string, length: number): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.ftruncateSync(fd, length);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------

interface JournalFile {
  path: string;
  handle?: FileHandle;
  pending: Buffer[];
  pendingBytes: number;
  pendingLast: number;
  /** bytes written */
  size: number;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

/**
 * Appends records and makes them durable with group commit. `append()` is synchronous (the
 * record is queued in memory, in sequence order); `whenDurable(seq)` resolves once that
 * record and every earlier one is on disk (fdatasync'd, and the file's directory entry synced).
 */
export class JournalWriter {
  lastSeq: number;
  durableSeq: number;
  failed: Error | undefined;
  /** called after each successful write+fsync with the current file's size */
  onFlushed: ((currentFileBytes: number) => void) | undefined;
  /** counters: records appended, write+fsync rounds done (records per fsync = group commit) */
  readonly stats = { records: 0, fsyncs: 0 };

  private files: JournalFile[] = [];
  private waiters: Waiter[] = [];
  private scheduled = false;
  private flushing = false;
  private active: JournalFile | undefined;
  private stepListeners: Array<() => void> = [];

  constructor(
    private readonly dataFile: string,
    lastSeq: number,
    private readonly log: { error: (m: string) => void },
  ) {
    this.lastSeq = lastSeq;
    this.durableSeq = lastSeq;
    this.files.push(this.newFile(lastSeq + 1));
  }

  private newFile(firstSeq: number): JournalFile {
    return { path: journalFileName(this.dataFile, firstSeq), pending: [], pendingBytes: 0, pendingLast: 0, size: 0 };
  }

  private get current(): JournalFile {
    return this.files[this.files.length - 1];
  }

  /** Queues one record; returns its sequence number. */
  append(ops: StoreOp[]): number {
    const seq = ++this.lastSeq;
    const rec = encodeJournalRecord(seq, ops);
    this.stats.records++;
    const f = this.current;
    f.pending.push(rec);
    f.pendingBytes += rec.length;
    f.pendingLast = seq;
    this.schedule();
    return seq;
  }

  /** undefined when `seq` is already durable; else a promise (rejected if the journal failed). */
  whenDurable(seq: number): Promise<void> | undefined {
    if (seq <= this.durableSeq) return undefined;
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  /** Everything up to `seq` is durable (written here, or included in a durable snapshot). */
  markDurable(seq: number): void {
    if (seq > this.durableSeq) this.durableSeq = seq;
    let k = 0;
    while (k < this.waiters.length && this.waiters[k].seq <= this.durableSeq) k++;
    if (k === 0) return;
    for (const w of this.waiters.splice(0, k)) w.resolve();
  }

  private schedule(): void {
    if (this.scheduled || this.flushing || this.failed) return;
    this.scheduled = true;
    // setImmediate: every command handled in this turn of the event loop joins the batch
    setImmediate(() => {
      this.scheduled = false;
      void this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (;;) {
        const f = this.files.find((x) => x.pending.length > 0);
        if (!f || this.failed) break;
        this.active = f;
        const batch = f.pending;
        const last = f.pendingLast;
        f.pending = [];
        f.pendingBytes = 0;
        const buf = batch.length === 1 ? batch[0] : Buffer.concat(batch);
        let created = false;
        if (!f.handle) {
          await fsp.mkdir(path.dirname(f.path), { recursive: true });
          f.handle = await fsp.open(f.path, 'wx', 0o600);
          created = true;
        }
        let written = 0;
        while (written < buf.length) {
          const { bytesWritten } = await f.handle.write(buf, written, buf.length - written, null);
          written += bytesWritten;
        }
        f.size += buf.length;
        await f.handle.datasync();
        if (created) await syncDir(path.dirname(f.path));
        this.stats.fsyncs++;
        this.active = undefined;
        this.markDurable(last);
        this.notifyStep();
        if (f === this.current) this.onFlushed?.(f.size);
      }
    } catch (e) {
      this.fail(e as Error);
    } finally {
      this.active = undefined;
      this.flushing = false;
      this.notifyStep();
      if (this.files.some((x) => x.pending.length > 0)) this.schedule();
    }
  }

  private fail(e: Error): void {
    this.failed = new Error(`journal write failed: ${e.message}`);
    this.log.error(`embedded-mongo: ${this.failed.message}. Writes are refused from now on; ` +
      'restart the store (acknowledged writes are safe in the journal).');
    for (const w of this.waiters.splice(0)) w.reject(this.failed);
  }

  private notifyStep(): void {
    for (const l of this.stepListeners.splice(0)) l();
  }

  private nextStep(): Promise<void> {
    return new Promise((r) => this.stepListeners.push(r));
  }

  private busy(): boolean {
    return this.flushing || this.scheduled || (!this.failed && this.files.some((f) => f.pending.length > 0));
  }

  /** Resolves when nothing is queued or being written. */
  async idle(): Promise<void> {
    while (this.busy()) await this.nextStep();
  }

  /**
   * Starts a new file for records after `lastSeq` (unless the current one is still unused)
   * and returns the older files: every record in them is at or below `lastSeq`.
   */
  rotate(): JournalFile[] {
    const cur = this.current;
    if (cur.handle || cur.pending.length > 0) this.files.push(this.newFile(this.lastSeq + 1));
    return this.files.slice(0, -1);
  }

  /** Deletes files whose records are all in a durable snapshot (after markDurable). */
  async retire(old: JournalFile[]): Promise<void> {
    for (const f of old) {
      f.pending = [];
      f.pendingBytes = 0;
    }
    this.files = this.files.filter((f) => !old.includes(f));
    while (this.active && old.includes(this.active)) await this.nextStep();
    for (const f of old) {
      await f.handle?.close().catch(() => undefined);
      f.handle = undefined;
      await fsp.rm(f.path, { force: true });
    }
    if (old.length) await syncDir(path.dirname(this.dataFile));
  }

  /** Waits for queued records, then closes the files (a file is only created by its first write). */
  async close(): Promise<void> {
    await this.idle();
    for (const f of this.files) {
      await f.handle?.close().catch(() => undefined);
      f.handle = undefined;
    }
  }
}
