/** Shared helpers for the embedded-mongo tests (not part of the public surface). */
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from './index';

export const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

export interface TestDb {
  mongo: EmbeddedMongo;
  conn: Connection;
  dbName: string;
  close(): Promise<void>;
}

export function uniqueDbName(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

/** Starts a server on a random port and opens a dedicated mongoose connection to a fresh db. */
export async function openTestDb(prefix: string, opts: EmbeddedMongoOptions = {}): Promise<TestDb> {
  const mongo = await startEmbeddedMongo({ port: 0, logger: quietLogger, ...opts });
  const dbName = uniqueDbName(prefix);
  const conn = await mongoose.createConnection(mongo.uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
  return {
    mongo,
    conn,
    dbName,
    async close() {
      await conn.close();
      await mongo.stop();
    },
  };
}
