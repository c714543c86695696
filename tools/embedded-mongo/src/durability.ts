/**
 * Durability with a data file: start-up recovery (snapshot + journal replay), the journal
 * gate that holds write replies until their record is on disk, and checkpoints that fold the
 * journal into a new snapshot. See README "Durability".
 */
import fs from 'node:fs';
import path from 'node:path';
import { CommandError, ErrorCodes } from './errors';
import { JournalCorruptError, JournalWriter, ReplayProblem, listJournalFiles, replayJournal, type ReplayResult } from './journal';
import { corruptName, encodeSnapshot, loadSnapshot, syncDir, writeAtomic } from './persistence';
import type { Store, StoreOp } from './store';

type Obj = Record<string, unknown>;
type Log = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void };

export interface Recovered {
  store: Store;
  /** sequence of the last journal record in the state; the snapshot on disk includes it */
  seq: number;
  /** a snapshot was read */
  loaded: boolean;
  /** journal records replayed on top of it */
  replayed: number;
}

/**
 * Loads the snapshot, replays the journal on top, and (when there was a journal) writes the
 * result as a new snapshot and deletes the journal files, so the store starts on a snapshot
 * and a fresh journal.
 */
export async function recoverStore(file: string, onCorrupt: 'fail' | 'move-aside', log: Log): Promise<Recovered> {
  let snap = loadSnapshot(file, onCorrupt, log);
  if (snap.movedAside) {
    // the journal continues the snapshot that was moved aside: it goes with it
    for (const j of listJournalFiles(file)) {
      const aside = corruptName(j);
      fs.renameSync(j, aside);
      log.error(`embedded-mongo: moved journal ${j} (it continues the corrupt snapshot) to ${aside}.`);
    }
  }
  let result: ReplayResult;
  try {
    result = replayJournal(file, snap.store, snap.seq, log);
  } catch (e) {
    if (!(e instanceof ReplayProblem)) throw e;
    if (onCorrupt === 'fail') throw new JournalCorruptError(e.file, e.reason);
    // keep everything before the problem, move the damaged file and later ones aside
    snap = loadSnapshot(file, 'fail', log);
    result = replayJournal(file, snap.store, snap.seq, log, e.at);
    const moved = result.files.slice(e.at.index).map((j) => {
      const aside = corruptName(j);
      fs.renameSync(j, aside);
      return aside;
    });
    result.files = result.files.slice(0, e.at.index);
    log.error(`embedded-mongo: journal ${e.file} is corrupt (${e.reason}). Kept the records before it ` +
      `(up to sequence ${result.lastSeq}) and moved ${moved.join(', ')} aside.`);
  }
  if (result.files.length > 0) {
    if (result.lastSeq > snap.seq) await writeAtomic(file, encodeSnapshot(snap.store, result.lastSeq));
    for (const j of result.files) fs.rmSync(j, { force: true });
    await syncDir(path.dirname(file));
  }
  if (result.replayed > 0) log.info(`embedded-mongo: replayed ${result.replayed} journal records onto ${file}`);
  return { store: snap.store, seq: result.lastSeq, loaded: snap.loaded, replayed: result.replayed };
}

/** Commands that change data: their replies wait until the journal holds everything they saw. */
export const WRITE_COMMANDS = new Set([
  'insert', 'update', 'delete', 'findAndModify', 'findandmodify', 'create', 'drop', 'dropDatabase',
  'createIndexes', 'dropIndexes', 'deleteIndexes',
]);

export interface GateResult {
  reply: Obj;
  /** set when the reply must wait for the journal; rejects when the journal failed */
  durable?: Promise<void>;
}

/** How the wire server runs a command (see server.ts). */
export interface CommandGate {
  execute(commandName: string | undefined, run: () => Obj): GateResult;
}

export interface JournalOptions {
  /** checkpoint when the current journal file reaches this size (bytes) */
  maxBytes: number;
  /** checkpoint this often while there are journaled writes (ms) */
  intervalMs: number;
}

/**
 * Journal mode. Every effect on the store is recorded (Store.recorder); after each command the
 * effects become one journal record. The reply of a write command waits until the journal is
 * durable up to the last record appended when the command finished: its own effects and
 * everything it could have observed. Reads are answered at once (they may see writes whose
 * record is still being fsync'd, like MongoDB's read concern "local").
 */
export class JournalDurability implements CommandGate {
  readonly journal: JournalWriter;
  private ops: StoreOp[] = [];
  private snapshotSeq: number;
  private checkpointing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly store: Store,
    seq: number,
    private readonly opts: JournalOptions,
    private readonly log: Log,
  ) {
    this.snapshotSeq = seq;
    this.journal = new JournalWriter(file, seq, log);
    this.journal.onFlushed = (bytes) => {
      if (bytes >= this.opts.maxBytes && !this.checkpointing && !this.closed) void this.checkpoint();
    };
    store.recorder = (op) => this.ops.push(op);
    this.timer = setInterval(() => {
      if (this.journal.lastSeq > this.snapshotSeq && !this.checkpointing && !this.closed) void this.checkpoint();
    }, opts.intervalMs);
    this.timer.unref();
  }

  /** Turns the effects recorded since the last call into one journal record. */
  commit(): void {
    if (this.ops.length === 0) return;
    const ops = this.ops;
    this.ops = [];
    this.journal.append(ops);
  }

  execute(commandName: string | undefined, run: () => Obj): GateResult {
    const isWrite = commandName !== undefined && WRITE_COMMANDS.has(commandName);
    if (isWrite && this.journal.failed) {
      return { reply: new CommandError(ErrorCodes.WriteConcernFailed, `embedded-mongo: ${this.journal.failed.message}; restart the store`).toReply() };
    }
    const before = this.journal.lastSeq;
    let reply: Obj;
    try {
      reply = run();
    } finally {
      this.commit();
    }
    // a command outside WRITE_COMMANDS that changed something (none should) waits like a write
    if (!isWrite && this.journal.lastSeq === before) return { reply };
    const durable = this.journal.whenDurable(this.journal.lastSeq);
    return durable ? { reply, durable } : { reply };
  }

  /**
   * Folds the journal into a new snapshot: encode the store at sequence S (synchronously, so
   * it is exactly the state after record S), switch appends to a new file for S+1 onwards,
   * write the snapshot (temp + fsync + rename + directory fsync), then delete the older
   * journal files. A crash before the rename leaves the old snapshot and every journal file;
   * after it, the new snapshot and files whose records at or below S are skipped on replay.
   */
  checkpoint(): Promise<void> {
    if (this.checkpointing) return this.checkpointing;
    if (this.journal.lastSeq <= this.snapshotSeq) return Promise.resolve();
    this.commit();
    const seq = this.journal.lastSeq;
    let data: Buffer;
    try {
      data = encodeSnapshot(this.store, seq);
    } catch (e) {
      this.log.error(`embedded-mongo: checkpoint of ${this.file} failed (the journal keeps everything): ${(e as Error).message}`);
      return Promise.resolve();
    }
    const old = this.journal.rotate();
    this.checkpointing = (async () => {
      try {
        await writeAtomic(this.file, data);
      } catch (e) {
        this.log.error(`embedded-mongo: checkpoint of ${this.file} failed (the journal keeps everything): ${(e as Error).message}`);
        return;
      }
      this.snapshotSeq = seq;
      this.journal.markDurable(seq);
      await this.journal.retire(old);
    })().finally(() => {
      this.checkpointing = undefined;
    });
    return this.checkpointing;
  }

  /** A checkpoint that includes every write made so far (waits for one in progress first). */
  async checkpointNow(): Promise<void> {
    if (this.checkpointing) await this.checkpointing;
    await this.checkpoint();
  }

  /** Waits for the journal and any checkpoint, writes a final snapshot and closes the journal. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.commit();
    await this.journal.idle();
    await this.checkpointNow();
    await this.journal.close();
    this.store.recorder = undefined;
    const { records, fsyncs } = this.journal.stats;
    if (records > 0) this.log.info(`embedded-mongo: journal: ${records} records in ${fsyncs} fsyncs (${(records / Math.max(1, fsyncs)).toFixed(1)} per fsync)`);
  }

  /** Like a crash (tests): no final snapshot; what is queued is still written, files are closed. */
  async abandon(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.commit();
    if (this.checkpointing) await this.checkpointing;
    await this.journal.close();
    this.store.recorder = undefined;
  }
}
