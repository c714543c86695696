import { Schema } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { connectMongo } from './mongo';

describe('connectMongo', () => {
  it('starts the embedded store when no URI is given, and stops it again', async () => {
    const handle = await connectMongo({ dbName: 'kit_connect' });
    expect(handle.embedded).toBe(true);
    expect(handle.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+/);
    const Thing = handle.connection.model('Thing', new Schema({ name: String }));
    await Thing.create({ name: 'lamp' });
    expect(await Thing.countDocuments()).toBe(1);
    expect(handle.connection.db?.databaseName).toBe('kit_connect');

    // A second connection to the same URI sees the same data and owns its own models.
    const second = await connectMongo({ uri: handle.uri, dbName: 'kit_connect' });
    expect(second.embedded).toBe(false);
    expect(second.connection.models.Thing).toBeUndefined();
    expect(await second.connection.collection('things').countDocuments()).toBe(1);
    await second.stop();

    await handle.stop();
    await handle.stop(); // idempotent
    await expect(connectMongo({ uri: handle.uri, dbName: 'x', serverSelectionTimeoutMS: 300 }).then((h) => h.stop())).rejects.toThrow();
  }, 60_000);
});
