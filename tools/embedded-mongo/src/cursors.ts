/**
 * Server-side cursors. A cursor holds the rest of an already computed result (references to
 * immutable stored documents or freshly built aggregation output) and hands it out in
 * batches through getMore.
 */
import { Long, calculateObjectSize } from 'bson';
import { CommandError, ErrorCodes } from './errors';

type Obj = Record<string, unknown>;

export const DEFAULT_FIRST_BATCH = 101;
/** Room left in a 16 MiB reply for the envelope around the batch. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: Obj[];
  pos: number;
  lastUsed: number;
}

export class CursorRegistry {
  private readonly open = new Map<string, OpenCursor>();
  private next = 1 + Math.floor(Math.random() * 1_000_000);

  /**
   * Takes the first batch (default 101 documents; batchSize 0 gives an empty first batch)
   * and registers a cursor when documents remain.
   */
  firstBatch(ns: string, docs: Obj[], batchSize: number | undefined, singleBatch = false): { id: Long; batch: Obj[] } {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize;
    const batch = takeBatch(docs, 0, singleBatch ? Number.MAX_SAFE_INTEGER : size);
    if (singleBatch || batch.length >= docs.length) return { id: Long.ZERO, batch };
    const id = this.next++;
    this.open.set(String(id), { ns, docs, pos: batch.length, lastUsed: Date.now() });
    return { id: Long.fromNumber(id), batch };
  }

  getMore(idValue: unknown, ns: string, batchSize: number | undefined): { id: Long; batch: Obj[] } {
    const key = cursorKey(idValue);
    const cursor = this.open.get(key);
    if (!cursor) throw new CommandError(ErrorCodes.CursorNotFound, `cursor id ${key} not found`);
    if (cursor.ns !== ns) {
      throw new CommandError(ErrorCodes.IllegalOperation, `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`);
    }
    const size = batchSize && batchSize > 0 ? batchSize : Number.MAX_SAFE_INTEGER;
    const batch = takeBatch(cursor.docs, cursor.pos, size);
    cursor.pos += batch.length;
    cursor.lastUsed = Date.now();
    if (cursor.pos >= cursor.docs.length) {
      this.open.delete(key);
      return { id: Long.ZERO, batch };
    }
    return { id: Long.fromString(key), batch };
  }

  kill(ids: unknown[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const idValue of ids) {
      const key = cursorKey(idValue);
      if (this.open.delete(key)) killed.push(Long.fromString(key));
      else notFound.push(Long.fromString(key));
    }
    return { killed, notFound };
  }

  /** Drops cursors idle for more than ten minutes (like mongod's cursor timeout). */
  reap(now = Date.now()): void {
    for (const [key, c] of this.open) if (now - c.lastUsed > IDLE_TIMEOUT_MS) this.open.delete(key);
  }

  get size(): number {
    return this.open.size;
  }

  clear(): void {
    this.open.clear();
  }
}

function cursorKey(v: unknown): string {
  if (v instanceof Long) return v.toString();
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v === 'bigint') return v.toString();
  throw new CommandError(ErrorCodes.TypeMismatch, 'cursor id must be a 64-bit integer');
}

function takeBatch(docs: Obj[], start: number, max: number): Obj[] {
  const out: Obj[] = [];
  let bytes = 0;
  for (let i = start; i < docs.length && out.length < max; i++) {
    const size = calculateObjectSize(docs[i]);
    if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    bytes += size;
    out.push(docs[i]);
  }
  return out;
}
