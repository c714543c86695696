/**
 * @croft/embedded-mongo — an in-process MongoDB wire-protocol server for development and
 * tests, used when MONGODB_URI is unset. See ../README.md for the supported subset.
 */
import path from 'node:path';
import { CursorRegistry } from './cursors';
import { JournalDurability, recoverStore } from './durability';
import { lockDataFile } from './lock';
import { SnapshotWriter } from './persistence';
import { WireServer, type Logger } from './server';
import { Store } from './store';

export { SnapshotCorruptError } from './persistence';
export { JournalCorruptError } from './journal';
export { DataFileLockedError } from './lock';
export type { Logger } from './server';

export interface EmbeddedMongo {
  /** e.g. `mongodb://127.0.0.1:27017/?directConnection=true`; pass the db name via mongoose's `dbName` option. */
  uri: string;
  port: number;
  /** Stops accepting connections, closes open ones and writes the snapshot (if any). */
  stop(): Promise<void>;
  /**
   * Writes the snapshot now: in 'journal' durability folds the journal into it (the store also
   * does this by itself, see journalMaxBytes/checkpointIntervalMs); in 'snapshot' durability
   * saves pending changes. Nothing to do in memory-only mode.
   */
  checkpoint(): Promise<void>;
  /**
   * Testing: stops like a crash after the last acknowledged write. Connections are closed and
   * the journal files closed as they are, without the final snapshot (in 'snapshot' durability,
   * without the pending save). Use stop() normally.
   */
  abandon(): Promise<void>;
}

export interface EmbeddedMongoOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Snapshot file; default process.env.EMBEDDED_MONGO_DATA; unset = memory only. */
  dataFile?: string;
  /** How often expired TTL documents are deleted (ms, default 1000). */
  ttlIntervalMs?: number;
  /**
   * With a dataFile: 'journal' (default) appends every write to `<dataFile>.journal.<n>` and
   * fsyncs it before the reply, so an acknowledged write survives kill -9 and power loss;
   * 'snapshot' is the older mode: acknowledge at once, save the whole snapshot
   * `saveDebounceMs` later (a crash loses the writes of the last moments).
   */
  durability?: 'journal' | 'snapshot';
  /** 'snapshot' durability: delay between a write and the snapshot save (ms, default 100). */
  saveDebounceMs?: number;
  /** 'journal' durability: fold the journal into the snapshot when it reaches this size (bytes, default 16 MiB). */
  journalMaxBytes?: number;
  /** 'journal' durability: fold the journal into the snapshot at least this often while writes happen (ms, default 60000). */
  checkpointIntervalMs?: number;
  /**
   * What to do when the snapshot file exists but cannot be read completely:
   * 'fail' (default) rejects with SnapshotCorruptError and leaves the file untouched;
   * 'move-aside' renames it to `<file>.corrupt-<timestamp>`, logs an error and starts empty.
   */
  onCorruptSnapshot?: 'fail' | 'move-aside';
  logger?: Logger;
}

const defaultLogger: Logger = {
  info: () => {},
  warn: (m, ...a) => console.warn(m, ...a),
  error: (m, ...a) => console.error(m, ...a),
};

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const logger = opts.logger ?? defaultLogger;
  const ttlIntervalMs = opts.ttlIntervalMs ?? 1000;
  if (!(ttlIntervalMs > 0)) throw new Error(`embedded-mongo: ttlIntervalMs must be a positive number, got ${ttlIntervalMs}`);
  const saveDebounceMs = opts.saveDebounceMs ?? 100;
  if (!(saveDebounceMs >= 0)) throw new Error(`embedded-mongo: saveDebounceMs must be >= 0, got ${saveDebounceMs}`);
  const host = opts.host ?? '127.0.0.1';
  const envFile = process.env.EMBEDDED_MONGO_DATA;
  const dataFile = opts.dataFile ?? (envFile ? envFile : undefined);
  const file = dataFile ? path.resolve(dataFile) : undefined;
  const durability = opts.durability ?? 'journal';
  if (durability !== 'journal' && durability !== 'snapshot') throw new Error(`embedded-mongo: durability must be 'journal' or 'snapshot', got ${String(durability)}`);
  const journalMaxBytes = opts.journalMaxBytes ?? 16 * 1024 * 1024;
  if (!(journalMaxBytes > 0)) throw new Error(`embedded-mongo: journalMaxBytes must be a positive number, got ${journalMaxBytes}`);
  const checkpointIntervalMs = opts.checkpointIntervalMs ?? 60_000;
  if (!(checkpointIntervalMs > 0)) throw new Error(`embedded-mongo: checkpointIntervalMs must be a positive number, got ${checkpointIntervalMs}`);

  // One process per data file: a second store would replay, fold and delete the first one's journal.
  const unlock = file ? lockDataFile(file) : () => {};
  let store: Store;
  let seq = 0;
  let journal: JournalDurability | undefined;
  let writer: SnapshotWriter | undefined;
  let server: WireServer;
  let port: number;
  const cursors = new CursorRegistry();
  try {
    if (file) {
      // replays (and folds away) a journal in either mode, so switching modes never drops writes
      const recovered = await recoverStore(file, opts.onCorruptSnapshot ?? 'fail', logger);
      store = recovered.store;
      seq = recovered.seq;
      if (recovered.loaded) logger.info(`embedded-mongo: loaded snapshot ${file}`);
    } else {
      store = new Store();
    }

    journal = file && durability === 'journal'
      ? new JournalDurability(file, store, seq, { maxBytes: journalMaxBytes, intervalMs: checkpointIntervalMs }, logger)
      : undefined;
    writer = file && !journal ? new SnapshotWriter(file, () => store, saveDebounceMs, logger, seq) : undefined;
    const snapshotWriter = writer;
    const onWriteNow = snapshotWriter ? () => snapshotWriter.markDirty() : () => {};
    server = new WireServer({ store, cursors, onWrite: onWriteNow, logger, gate: journal });
    try {
      port = await server.listen(opts.port ?? 0, host);
    } catch (e) {
      await journal?.close();
      throw e;
    }
  } catch (e) {
    unlock();
    throw e;
  }
  const onWrite = writer ? () => writer.markDirty() : () => {};

  const ttlTimer = setInterval(() => {
    try {
      cursors.reap();
      if (journal?.journal.failed) return; // deletions could not be journaled
      let removed = 0;
      try {
        removed = store.sweepExpired();
      } finally {
        journal?.commit(); // the deletions, as one record
      }
      if (removed > 0) onWrite();
    } catch (e) {
      logger.error(`embedded-mongo: TTL sweep failed: ${(e as Error).message}`);
    }
  }, ttlIntervalMs);
  ttlTimer.unref();

  const hostInUri = host.includes(':') ? `[${host}]` : host;
  const uri = `mongodb://${hostInUri}:${port}/?directConnection=true`;
  logger.info(`embedded-mongo: listening on ${uri}${file ? ` (${durability === 'journal' ? 'journal' : 'snapshot'} durability, ${file})` : ' (memory only)'}`);

  let stopping: Promise<void> | undefined;
  const shutdown = (crash: boolean): Promise<void> => {
    stopping ??= (async () => {
      clearInterval(ttlTimer);
      await server.close();
      cursors.clear();
      try {
        if (journal) await (crash ? journal.abandon() : journal.close());
        if (writer) await (crash ? writer.abandon() : writer.flush());
      } finally {
        unlock();
      }
    })();
    return stopping;
  };
  return {
    uri,
    port,
    stop: () => shutdown(false),
    checkpoint: async () => {
      if (journal) await journal.checkpointNow();
      else if (writer) await writer.flush();
    },
    abandon: () => shutdown(true),
  };
}
