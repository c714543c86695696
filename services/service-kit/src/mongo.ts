import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

export interface ConnectMongoOptions {
  /** MONGODB_URI; undefined → start the embedded store in this process and connect to it. */
  uri?: string;
  /** MONGODB_DB */
  dbName: string;
  /** Embedded store only: snapshot file so data survives restarts; port (default 0 = any free port). */
  embedded?: { dataFile?: string; port?: number };
  /** How long to wait for the server before failing (default 10 s). */
  serverSelectionTimeoutMS?: number;
  logger?: Logger;
}

export interface MongoHandle {
  connection: Connection;
  /** The URI actually connected to (the embedded store's when no uri was given). */
  uri: string;
  embedded: boolean;
  /** Closes the connection, then stops the embedded store if this call started it. */
  stop(): Promise<void>;
}

/**
 * Opens a dedicated mongoose connection (never the global one), so each service owns its
 * connection and the models defined on it.
 */
export async function connectMongo(options: ConnectMongoOptions): Promise<MongoHandle> {
  let uri: string;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (options.uri) {
    uri = options.uri;
  } else {
    const { startEmbeddedMongo } = await import('@croft/embedded-mongo');
    const log = options.logger;
    const store = await startEmbeddedMongo({
      port: options.embedded?.port ?? 0,
      dataFile: options.embedded?.dataFile,
      logger: log && {
        info: (msg: string) => log.debug(msg),
        warn: (msg: string) => log.warn(msg),
        error: (msg: string) => log.error(msg),
      },
    });
    uri = store.uri;
    stopEmbedded = () => Promise.resolve(store.stop());
    options.logger?.info({ port: store.port }, 'embedded MongoDB store started');
  }
  let connection: Connection;
  try {
    connection = await mongoose
      .createConnection(uri, { dbName: options.dbName, serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000 })
      .asPromise();
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  options.logger?.info({ db: options.dbName, embedded: Boolean(stopEmbedded) }, 'connected to MongoDB');
  let stopped = false;
  return {
    connection,
    uri,
    embedded: Boolean(stopEmbedded),
    async stop() {
      if (stopped) return;
      stopped = true;
      await connection.close();
      await stopEmbedded?.();
    },
  };
}
