/**
 * Snapshot file: a sequence of BSON documents
 *   { format, version, savedAt, seq }                  header (seq: last journal record included)
 *   { t: 'c', db, coll, indexes: [...] }               one per collection
 *   { t: 'd', db, coll, d: <document> }                one per document
 *   { t: 'end', collections, documents, crc32 }        trailer (crc32 of all bytes before it)
 * Saves write the whole snapshot to `<file>.tmp-<pid>-<n>`, fsync it and rename() it over
 * the snapshot, so the snapshot is always either the previous or the new complete version.
 * A snapshot that does not parse completely (bad BSON, missing trailer, wrong counts) is
 * reported as corrupt; it is never silently replaced by an empty store.
 * Version 1 snapshots (no `seq`, written before the journal existed) load with seq 0.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { deserialize, serialize, type Document } from 'bson';
import type { IndexDef } from './indexes';
import { Store } from './store';
import { normalizeValue } from './validate';

const FORMAT = 'croft-embedded-mongo-snapshot';
const VERSION = 2;
const READABLE_VERSIONS = new Set([1, 2]);
export const LOAD_OPTIONS = { bsonRegExp: true, promoteLongs: true, promoteValues: true } as const;

export class SnapshotCorruptError extends Error {
  constructor(readonly file: string, reason: string, what = 'snapshot') {
    super(`embedded-mongo: ${what} ${file} is corrupt (${reason}). Refusing to start so no data is lost; ` +
      `inspect or move the file aside (or start with onCorruptSnapshot: 'move-aside', CLI flag --move-aside-corrupt).`);
    this.name = 'SnapshotCorruptError';
  }
}

/**
 * Serialises the whole store synchronously (a consistent point-in-time copy). `seq` is the
 * last journal record whose effects the store contains (0 without a journal).
 */
export function encodeSnapshot(store: Store, seq = 0): Buffer {
  const parts: Buffer[] = [];
  let collections = 0;
  let documents = 0;
  parts.push(Buffer.from(serialize({ format: FORMAT, version: VERSION, savedAt: new Date(), seq })));
  for (const coll of store.allCollections()) {
    collections++;
    parts.push(Buffer.from(serialize({ t: 'c', db: coll.db, coll: coll.name, indexes: coll.indexes.map((d) => ({ ...d })) })));
    for (const doc of coll.docs.values()) {
      documents++;
      parts.push(Buffer.from(serialize({ t: 'd', db: coll.db, coll: coll.name, d: doc })));
    }
  }
  const body = Buffer.concat(parts);
  const trailer = Buffer.from(serialize({ t: 'end', collections, documents, crc32: zlib.crc32(body) }));
  return Buffer.concat([body, trailer]);
}

/** Parses a snapshot into a fresh Store; throws SnapshotCorruptError on any inconsistency. */
export function decodeSnapshot(buf: Buffer, file: string): { store: Store; seq: number } {
  const docs: Document[] = [];
  let offset = 0;
  let trailerOffset = -1;
  while (offset < buf.length) {
    trailerOffset = offset;
    if (offset + 5 > buf.length) throw new SnapshotCorruptError(file, `truncated record at byte ${offset}`);
    const size = buf.readInt32LE(offset);
    if (size < 5 || offset + size > buf.length) throw new SnapshotCorruptError(file, `invalid record length at byte ${offset}`);
    try {
      docs.push(deserialize(buf.subarray(offset, offset + size), LOAD_OPTIONS));
    } catch (e) {
      throw new SnapshotCorruptError(file, `unreadable record at byte ${offset}: ${(e as Error).message}`);
    }
    offset += size;
  }
  const head = docs[0];
  if (!head || head.format !== FORMAT) throw new SnapshotCorruptError(file, 'missing header');
  if (!READABLE_VERSIONS.has(head.version)) throw new SnapshotCorruptError(file, `unknown version ${String(head.version)}`);
  const seq = head.seq ?? 0;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) throw new SnapshotCorruptError(file, `invalid journal sequence ${String(seq)}`);
  const tail = docs[docs.length - 1];
  if (docs.length < 2 || tail.t !== 'end') throw new SnapshotCorruptError(file, 'missing trailer (file truncated?)');
  if (tail.crc32 !== zlib.crc32(buf.subarray(0, trailerOffset))) throw new SnapshotCorruptError(file, 'checksum mismatch');
  const store = new Store();
  let collections = 0;
  let documents = 0;
  try {
    for (const rec of docs.slice(1, -1)) {
      if (rec.t === 'c') {
        const { coll, created } = store.ensureCollection(rec.db, rec.coll);
        if (!created) throw new Error(`duplicate collection ${rec.db}.${rec.coll}`);
        for (const def of rec.indexes as IndexDef[]) coll.addIndexDef(def);
        collections++;
      } else if (rec.t === 'd') {
        const coll = store.getCollection(rec.db, rec.coll);
        if (!coll) throw new Error(`document for unknown collection ${rec.db}.${rec.coll}`);
        coll.insert(normalizeValue(rec.d, 'snapshot document') as Record<string, unknown>);
        documents++;
      } else {
        throw new Error(`unknown record type ${String(rec.t)}`);
      }
    }
  } catch (e) {
    throw new SnapshotCorruptError(file, (e as Error).message);
  }
  if (tail.collections !== collections || tail.documents !== documents) {
    throw new SnapshotCorruptError(file, `trailer counts ${tail.collections}/${tail.documents} do not match contents ${collections}/${documents}`);
  }
  return { store, seq };
}

export interface LoadResult {
  store: Store;
  /** last journal record included in the snapshot (0 when none or no snapshot) */
  seq: number;
  loaded: boolean;
  movedAside?: string;
}

/**
 * Loads the snapshot at `file` (an absent file gives an empty store). Leftover temp files
 * from an interrupted save are removed: they were never renamed, so they are not data.
 */
export function loadSnapshot(
  file: string,
  onCorrupt: 'fail' | 'move-aside',
  log: { warn: (m: string) => void; error: (m: string) => void },
): LoadResult {
  removeTempFiles(file, log);
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { store: new Store(), seq: 0, loaded: false };
    throw e;
  }
  try {
    return { ...decodeSnapshot(buf, file), loaded: true };
  } catch (e) {
    if (!(e instanceof SnapshotCorruptError) || onCorrupt === 'fail') throw e;
    const aside = corruptName(file);
    fs.renameSync(file, aside);
    log.error(`${e.message.split('. Refusing')[0]}. Moved it to ${aside} and started with an empty store.`);
    return { store: new Store(), seq: 0, loaded: false, movedAside: aside };
  }
}

/** `<file>.corrupt-<timestamp>` */
export function corruptName(file: string): string {
  return `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `<file>.tmp-<pid>-<n>` files whose writing process is gone (an interrupted save). */
function removeTempFiles(file: string, log: { warn: (m: string) => void }): void {
  const dir = path.dirname(file);
  const prefix = path.basename(file) + '.tmp-';
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) continue; // a live writer's file
    try {
      fs.unlinkSync(path.join(dir, name));
      log.warn(`embedded-mongo: removed incomplete snapshot temp file ${path.join(dir, name)}`);
    } catch {
      // ignore: another process may have removed it
    }
  }
}

let tempCounter = 0;

/** Writes `data` to `file` atomically (temp file + fsync + rename). */
export async function writeAtomic(file: string, data: Buffer): Promise<void> {
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true });
  const tmp = `${file}.tmp-${process.pid}-${++tempCounter}`;
  const handle = await fsp.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fsp.rename(tmp, file);
  } catch (e) {
    await fsp.rm(tmp, { force: true });
    throw e;
  }
  await syncDir(dir);
}

/** fsyncs a directory so created, renamed and deleted entries in it are durable. */
export async function syncDir(dir: string): Promise<void> {
  try {
    const d = await fsp.open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // directory fsync is best-effort (not supported everywhere)
  }
}

/**
 * Debounced snapshot writer: `markDirty()` after each write; the snapshot is taken
 * synchronously when the timer fires and written in the background; `flush()` waits for
 * everything to be on disk.
 */
export class SnapshotWriter {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private abandoned = false;

  constructor(
    private readonly file: string,
    private readonly store: () => Store,
    private readonly debounceMs: number,
    private readonly log: { error: (m: string) => void },
    /** journal sequence the store is at (constant in this mode: nothing is journaled) */
    private readonly seq = 0,
  ) {}

  markDirty(): void {
    if (this.abandoned) return;
    this.dirty = true;
    if (!this.timer && !this.inFlight) this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.saveNow();
    }, this.debounceMs);
    this.timer.unref?.();
  }

  private saveNow(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.dirty = false;
    const data = encodeSnapshot(this.store(), this.seq);
    this.inFlight = writeAtomic(this.file, data)
      .catch((e: Error) => {
        this.dirty = true;
        this.log.error(`embedded-mongo: could not save snapshot ${this.file}: ${e.message}`);
      })
      .finally(() => {
        this.inFlight = undefined;
        if (this.dirty && !this.timer && !this.abandoned) this.schedule();
      });
    return this.inFlight;
  }

  /** Testing (a simulated crash): drops pending changes and waits for a save in progress. */
  async abandon(): Promise<void> {
    this.abandoned = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.inFlight) await this.inFlight;
  }

  /** Writes any pending changes now and waits until the snapshot is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.inFlight) await this.inFlight;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.dirty) await this.saveNow();
  }
}
