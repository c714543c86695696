import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFileLockedError, startEmbeddedMongo } from './index';
import { quietLogger } from './test-helpers';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-lock-'));
  file = path.join(dir, 'store.bson');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const journalFiles = () => fs.readdirSync(dir).filter((name) => name.includes('.journal.'));

describe('one process per data file', () => {
  it('refuses a second store on the same file while the first runs, and leaves its journal alone', async () => {
    const first = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger, checkpointIntervalMs: 3_600_000 });
    const conn = await mongoose.createConnection(first.uri, { dbName: 'app' }).asPromise();
    await conn.collection('things').insertOne({ name: 'kept' });
    const before = journalFiles();
    expect(before.length).toBeGreaterThan(0);

    await expect(startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger })).rejects.toBeInstanceOf(DataFileLockedError);
    expect(journalFiles()).toEqual(before);
    await conn.collection('things').insertOne({ name: 'still writable' });

    await conn.close();
    await first.stop();
    // Once stopped, the file is free again and everything is there.
    const second = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger });
    const again = await mongoose.createConnection(second.uri, { dbName: 'app' }).asPromise();
    expect((await again.collection('things').find().toArray()).map((d) => d.name).sort()).toEqual(['kept', 'still writable']);
    await again.close();
    await second.stop();
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('refuses a file locked by another running process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(`${file}.lock`, `${other.pid}\n`);
      const attempt = startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger });
      await expect(attempt).rejects.toThrow(new RegExp(`in use by process ${other.pid}`));
      expect(fs.readFileSync(`${file}.lock`, 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that crashed', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    expect(deadPid).toBeGreaterThan(0);
    fs.writeFileSync(`${file}.lock`, `${deadPid}\n`);
    const mongo = await startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger });
    expect(fs.readFileSync(`${file}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await mongo.stop();
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('frees the file after a failed start', async () => {
    fs.writeFileSync(file, 'not a snapshot');
    await expect(startEmbeddedMongo({ port: 0, dataFile: file, logger: quietLogger })).rejects.toThrow();
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('memory-only stores take no lock', async () => {
    const a = await startEmbeddedMongo({ port: 0, logger: quietLogger });
    const b = await startEmbeddedMongo({ port: 0, logger: quietLogger });
    await a.stop();
    await b.stop();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
