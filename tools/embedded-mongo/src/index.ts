/**
 * @croft/embedded-mongo — an in-process MongoDB wire-protocol server for development and
 * tests, used when MONGODB_URI is unset. See ../README.md for the supported subset.
 */
import path from 'node:path';
import { CursorRegistry } from './cursors';
import { loadSnapshot, SnapshotWriter } from './persistence';
import { WireServer, type Logger } from './server';
import { Store } from './store';

export { SnapshotCorruptError } from './persistence';
export type { Logger } from './server';

export interface EmbeddedMongo {
  /** e.g. `mongodb://127.0.0.1:27017/?directConnection=true`; pass the db name via mongoose's `dbName` option. */
  uri: string;
  port: number;
  /** Stops accepting connections, closes open ones and writes the snapshot (if any). */
  stop(): Promise<void>;
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
  /** Delay between a write and the snapshot save (ms, default 100). */
  saveDebounceMs?: number;
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

  let store: Store;
  if (file) {
    const loaded = loadSnapshot(file, opts.onCorruptSnapshot ?? 'fail', logger);
    store = loaded.store;
    if (loaded.loaded) logger.info(`embedded-mongo: loaded snapshot ${file}`);
  } else {
    store = new Store();
  }

  const writer = file ? new SnapshotWriter(file, () => store, saveDebounceMs, logger) : undefined;
  const onWrite = writer ? () => writer.markDirty() : () => {};
  const cursors = new CursorRegistry();
  const server = new WireServer({ store, cursors, onWrite, logger });
  const port = await server.listen(opts.port ?? 0, host);

  const ttlTimer = setInterval(() => {
    try {
      const removed = store.sweepExpired();
      if (removed > 0) onWrite();
      cursors.reap();
    } catch (e) {
      logger.error(`embedded-mongo: TTL sweep failed: ${(e as Error).message}`);
    }
  }, ttlIntervalMs);
  ttlTimer.unref();

  const hostInUri = host.includes(':') ? `[${host}]` : host;
  const uri = `mongodb://${hostInUri}:${port}/?directConnection=true`;
  logger.info(`embedded-mongo: listening on ${uri}${file ? ` (snapshot ${file})` : ' (memory only)'}`);

  let stopping: Promise<void> | undefined;
  return {
    uri,
    port,
    stop() {
      stopping ??= (async () => {
        clearInterval(ttlTimer);
        await server.close();
        cursors.clear();
        if (writer) await writer.flush();
      })();
      return stopping;
    },
  };
}
