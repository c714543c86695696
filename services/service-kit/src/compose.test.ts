import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './app';
import { createDiskBlobStore, type BlobStore } from './blobs';
import { DEFAULT_BLOB_DIR } from './blobs-config';
import { CompositionError, checkModules, composeServices, loadModuleConfigs } from './compose';
import { baseConfigSchema, ConfigError } from './config';
import { silentLogger } from './logger';
import type { Mailer } from './mailer';
import { publicWriteMatcher } from './service-api';
import { capabilities, capability, defineServiceModule, optional, supply, type AnyServiceModule } from './service-module';

// Composition needs a connection to define models on; these tests never touch the database.
const db = mongoose.createConnection();
afterAll(() => db.close());
const mailer: Mailer = { send: async () => ({ messageId: 'test' }), close: () => undefined };
const logger = silentLogger();
const compose = (modules: readonly AnyServiceModule[], extra: Partial<Parameters<typeof composeServices>[0]> = {}) =>
  composeServices({ modules, db, mailer, logger, env: {}, jobs: { poll: false }, ...extra });

const schema = baseConfigSchema(0);
const greeting = capability<(name: string) => string>('greeting');

const provider = defineServiceModule({
  name: 'provider',
  configSchema: schema,
  provides: { greet: greeting },
  create: () => ({ router: Router(), provides: { greet: (name: string) => `hello ${name}` } }),
});

function consumer(name = 'consumer') {
  const seen: string[] = [];
  const module = defineServiceModule({
    name,
    configSchema: schema,
    needs: { greet: greeting },
    create({ needs }) {
      seen.push(needs.greet('croft'));
      return { router: Router(), provides: {} };
    },
  });
  return { module, seen };
}

describe('checkModules: a list that cannot work fails before anything starts', () => {
  it('refuses a name used twice', () => {
    expect(() => checkModules([provider, provider])).toThrow(CompositionError);
    expect(() => checkModules([provider, provider])).toThrow(/module name 'provider' appears twice/);
  });

  it('refuses a name that is not a URL segment', () => {
    const bad = defineServiceModule({ name: 'Bad Name', configSchema: schema, create: () => ({ router: Router(), provides: {} }) });
    expect(() => checkModules([bad])).toThrow(/"Bad Name" must be lower-case letters/);
  });

  it('refuses a need nobody provides, naming the module and the capability', () => {
    expect(() => checkModules([consumer().module])).toThrow(/'consumer' needs greeting \(as greet\) and no module before it provides it/);
  });

  it('refuses a need whose provider comes later, and says what to move', () => {
    expect(() => checkModules([consumer().module, provider])).toThrow(/'provider' comes after 'consumer' in the list: put it first/);
  });

  it('refuses a capability provided twice', () => {
    const other = defineServiceModule({ ...provider, name: 'other' });
    expect(() => checkModules([provider, other])).toThrow(/greeting is provided by both 'provider' and 'other'/);
  });

  it('lists every problem at once', () => {
    try {
      checkModules([consumer().module, consumer().module]);
      expect.unreachable();
    } catch (error) {
      expect((error as CompositionError).problems).toHaveLength(3);
    }
  });

  it('accepts a need met by the host, an optional need, or (standalone) the module’s own hook', () => {
    expect(() => checkModules([consumer().module], { supplied: [supply(greeting, () => 'x')] })).not.toThrow();
    const relaxed = defineServiceModule({
      name: 'relaxed',
      configSchema: schema,
      needs: { greet: optional(greeting) },
      create: () => ({ router: Router(), provides: {} }),
    });
    expect(() => checkModules([relaxed])).not.toThrow();
    const alone = defineServiceModule({ ...consumer().module, standalone: () => ({ greet: () => 'alone' }) });
    expect(() => checkModules([alone], { standalone: true })).not.toThrow();
    expect(() => checkModules([alone])).toThrow(/no module before it provides it/);
  });
});

describe('composeServices', () => {
  it('hands each module what the modules before it provide (in-process, same function)', async () => {
    const { module, seen } = consumer();
    const composed = await compose([provider, module]);
    expect(seen).toEqual(['hello croft']);
    expect(composed.services.map((s) => s.name)).toEqual(['provider', 'consumer']);
    expect(composed.provided(greeting)?.('you')).toBe('hello you');
    await composed.close();
  });

  it('standalone, the module’s hook meets its needs; optional ones left out are undefined', async () => {
    const got: unknown[] = [];
    const module = defineServiceModule({
      name: 'alone',
      configSchema: schema,
      needs: { verify: optional(capabilities.verifyAccessToken), greet: greeting },
      standalone: () => ({ greet: () => 'from config' }),
      create({ needs }) {
        got.push(needs.verify, needs.greet('x'));
        return { router: Router(), provides: {} };
      },
    });
    await (await compose([module], { standalone: true })).close();
    expect(got).toEqual([undefined, 'from config']);
  });

  it('fails clearly when a standalone hook leaves a required need out', async () => {
    const module = defineServiceModule({ ...consumer().module, standalone: () => ({}) });
    await expect(compose([module], { standalone: true })).rejects.toThrow(/'consumer' needs greeting \(as greet\) and neither/);
  });

  it('seeds after every module is created, closes in reverse order, and closes what it made when a later module fails', async () => {
    const events: string[] = [];
    const tracked = (name: string, fail = false) =>
      defineServiceModule({
        name,
        configSchema: schema,
        create() {
          if (fail) throw new Error(`${name} broke`);
          events.push(`create ${name}`);
          return { router: Router(), provides: {}, seed: async () => void events.push(`seed ${name}`), close: async () => void events.push(`close ${name}`) };
        },
      });
    const composed = await compose([tracked('a'), tracked('b')]);
    await composed.close();
    await composed.close();
    expect(events).toEqual(['create a', 'create b', 'seed a', 'seed b', 'close b', 'close a']);

    events.length = 0;
    await expect(compose([tracked('a'), tracked('b', true)])).rejects.toThrow('b broke');
    expect(events).toEqual(['create a', 'close a']);
  });

  it('refuses a module whose jobs differ from the ones it declares', async () => {
    const sloppy = defineServiceModule({
      name: 'sloppy',
      configSchema: schema,
      jobs: [{ name: 'sweep', description: 'hourly' }],
      create({ jobs }) {
        jobs.define('sweeep', () => undefined);
        return { router: Router(), provides: {} };
      },
    });
    await expect(compose([sloppy])).rejects.toThrow(/'sloppy' declares the jobs \[sweep\] but defined \[sweeep\]/);
  });

  it('refuses an instance that does not hand over what its module promises', async () => {
    const liar = defineServiceModule({ ...provider, create: () => ({ router: Router(), provides: {} as never }) });
    await expect(compose([liar])).rejects.toThrow(/'provider' promises greeting \(as greet\) but its instance does not provide it/);
  });
});

describe('the BlobStore: one per composition, handed to every module', () => {
  const blobUser = (name: string, seen: BlobStore[]) =>
    defineServiceModule({
      name,
      configSchema: schema,
      create({ blobs }) {
        seen.push(blobs);
        return { router: Router(), provides: {} };
      },
    });

  it('gives every module the same store, the one the caller passed, and exposes it to the host', async () => {
    const seen: BlobStore[] = [];
    const store = createDiskBlobStore({ root: join(tmpdir(), 'never-written') });
    const composed = await compose([blobUser('a', seen), blobUser('b', seen)], { blobs: store });
    expect(seen).toEqual([store, store]);
    expect(composed.blobs).toBe(store);
    await composed.close();
  });

  it('without one, makes it once from the environment: BLOB_DIR names the disk folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compose-blobs-'));
    try {
      const seen: BlobStore[] = [];
      const composed = await compose([blobUser('a', seen), blobUser('b', seen)], { env: { BLOB_DIR: dir } });
      expect(seen[0]).toBe(seen[1]);
      expect(composed.blobs).toBe(seen[0]);
      expect(composed.blobs.kind).toBe('disk');
      await seen[0].put('a/hello.txt', Buffer.from('hi'), { contentType: 'text/plain' });
      // What one module wrote, another store on the same folder (another process) reads.
      expect((await createDiskBlobStore({ root: dir }).head('a/hello.txt'))?.size).toBe(2);
      await composed.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('defaults to <workspace>/.data/blobs on disk, and S3 when BLOB_STORE=s3 (lazily: nothing is contacted)', async () => {
    expect(DEFAULT_BLOB_DIR).toBe(join(import.meta.dirname, '../../..', '.data/blobs'));
    const onDisk = await compose([blobUser('a', [])]);
    expect(onDisk.blobs.kind).toBe('disk');
    await onDisk.close();
    const s3 = await compose([blobUser('a', [])], { env: { BLOB_STORE: 's3', S3_BUCKET: 'croft-test', S3_ENDPOINT: 'http://127.0.0.1:9' } });
    expect(s3.blobs.kind).toBe('s3');
    await s3.close();
  });

  it('a wrong blob configuration stops composition with the variable named (no signing secret needed here)', async () => {
    await expect(compose([blobUser('a', [])], { env: { BLOB_STORE: 's3' } })).rejects.toThrow(/S3_BUCKET: is required when BLOB_STORE=s3/);
    await expect(compose([blobUser('a', [])], { env: { BLOB_STORE: 'ftp' } })).rejects.toThrow(ConfigError);
    const production = await compose([blobUser('a', [])], { env: { NODE_ENV: 'production', BLOB_DIR: join(tmpdir(), 'never-written') } });
    await production.close();
  });
});

describe('loadModuleConfigs', () => {
  it('validates every module’s variables and reports all problems at once, shared ones once', () => {
    const a = defineServiceModule({ name: 'a', configSchema: schema.extend({ A_URL: z.url() }), create: () => ({ router: Router(), provides: {} }) });
    const b = defineServiceModule({ name: 'b', configSchema: schema.extend({ B_NAME: z.string() }), create: () => ({ router: Router(), provides: {} }) });
    try {
      loadModuleConfigs([a, b], { A_URL: 'nope', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual(['A_URL', 'B_NAME', 'LOG_LEVEL']);
    }
  });
});

describe('public write paths', () => {
  const services = [{ name: 'letters', router: Router(), publicWritePaths: [{ method: 'POST', path: '/unsubscribe' }, { method: 'DELETE', path: '/links/:id' }] as const }];

  it('match exactly: method, service and path (a :name is one segment)', () => {
    const exempt = publicWriteMatcher(services);
    expect(exempt('POST', '/letters/unsubscribe')).toBe(true);
    expect(exempt('DELETE', '/letters/links/abc')).toBe(true);
    for (const [method, path] of [
      ['PUT', '/letters/unsubscribe'],
      ['POST', '/letters/unsubscribe/x'],
      ['POST', '/letters/unsubscribeX'],
      ['POST', '/other/unsubscribe'],
      ['POST', '/letters/subscribe'],
      ['DELETE', '/letters/links/a/b'],
    ]) {
      expect(exempt(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('are refused when they are not write paths', () => {
    const odd = defineServiceModule({
      name: 'odd',
      configSchema: schema,
      publicWritePaths: [{ method: 'GET' as 'POST', path: '/x' }],
      create: () => ({ router: Router(), provides: {} }),
    });
    expect(() => checkModules([odd])).toThrow(/must be a POST, PUT, PATCH or DELETE/);
  });

  it('are let through by a standalone service app, the rest is Origin-checked', async () => {
    const router = Router();
    router.post('/unsubscribe', (_req, res) => void res.json({ ok: true }));
    router.post('/subscribe', (_req, res) => void res.json({ ok: true }));
    const app = createServiceApp({ services: [{ ...services[0], router }], logger, publicOrigin: 'https://croft.example' });
    await request(app).post('/api/letters/unsubscribe').set('Origin', 'https://mail.example').expect(200);
    await request(app).post('/api/letters/subscribe').set('Origin', 'https://mail.example').expect(403);
  });
});
