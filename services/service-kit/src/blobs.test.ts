import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobExistsError, InvalidBlobKeyError, createDiskBlobStore, createS3BlobStore, type BlobStore } from './blobs';
import { blobConfigSchema, createBlobStoreFromConfig } from './blobs-config';
import { loadConfig, ConfigError } from './config';
import { connectMongo } from './mongo';

const BUCKET = 'croft-blobs-test';

/**
 * s3rver 3.7.1 ignores `If-None-Match: *` on PUT (checked: a second PUT answers 200 and
 * overwrites). AWS S3, MinIO and R2 answer 412 PreconditionFailed. This Koa middleware, first in
 * s3rver's stack, gives it the same behaviour (serialised per key, so it is atomic the way S3's
 * is), so the store's native conditional path is exercised end to end.
 */
function addConditionalPuts(server: S3rver): void {
  const locks = new Map<string, Promise<unknown>>();
  const middleware = async (ctx: { method: string; path: string; headers: Record<string, string | string[] | undefined>; status: number; type: string; body: unknown }, next: () => Promise<unknown>) => {
    if (ctx.method !== 'PUT' || ctx.headers['if-none-match'] !== '*') return next();
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const previous = locks.get(ctx.path) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const chained = previous.then(() => mine);
    locks.set(ctx.path, chained);
    await previous;
    try {
      const fsStore = (server as unknown as { store: { existsObject(bucket: string, key: string): Promise<boolean> } }).store;
      if (await fsStore.existsObject(bucket, key)) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';
        return;
      }
      await next();
    } finally {
      release();
      if (locks.get(ctx.path) === chained) locks.delete(ctx.path);
    }
  };
  (server as unknown as { middleware: unknown[] }).middleware.unshift(middleware);
}

let tmp: string;
let s3: S3rver;
let s3Endpoint: string;
const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'blobs-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(tmp, 's3rver'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  addConditionalPuts(s3);
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const body = async (blob: { stream: Readable } | null) => (blob ? text(blob.stream) : null);

const implementations: [string, () => BlobStore][] = [
  ['disk', () => createDiskBlobStore({ root: mkdtempSync(join(tmp, 'disk-')) })],
  [
    's3 (s3rver)',
    () =>
      createS3BlobStore({
        endpoint: s3Endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        credentials: s3Credentials,
        forcePathStyle: true,
      }),
  ],
];

describe.each(implementations)('BlobStore: %s', (_name, make) => {
  let store: BlobStore;
  let prefix = 0;
  // Each test its own key prefix: the S3 bucket is shared by the tests of this suite.
  const key = (name: string) => `t${prefix}/${name}`;
  beforeAll(() => {
    store = make();
  });
  const next = () => {
    prefix += 1;
  };

  it('put then get, head and delete a Buffer', async () => {
    next();
    const put = await store.put(key('photos/a.jpg'), Buffer.from('hello'), { contentType: 'image/jpeg', cacheControl: 'max-age=60' });
    expect(put).toEqual({ key: key('photos/a.jpg'), size: 5, etag: '"5d41402abc4b2a76b9719d911017c592"' });
    const got = await store.get(key('photos/a.jpg'));
    expect(got).toMatchObject({ key: key('photos/a.jpg'), size: 5, etag: put.etag, contentType: 'image/jpeg', cacheControl: 'max-age=60' });
    expect(await body(got)).toBe('hello');
    expect(await store.head(key('photos/a.jpg'))).toEqual({
      key: key('photos/a.jpg'),
      size: 5,
      etag: put.etag,
      contentType: 'image/jpeg',
      cacheControl: 'max-age=60',
    });
    await store.delete(key('photos/a.jpg'));
    expect(await store.get(key('photos/a.jpg'))).toBeNull();
    expect(await store.head(key('photos/a.jpg'))).toBeNull();
  });

  it('stores a stream, and an empty blob', async () => {
    next();
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, 65 + (i % 26)));
    const put = await store.put(key('big.bin'), Readable.from(chunks), { contentType: 'application/octet-stream' });
    expect(put.size).toBe(500_000);
    const got = await store.get(key('big.bin'));
    expect(got?.size).toBe(500_000);
    expect(Buffer.from(await (got ? text(got.stream) : ''), 'latin1').equals(Buffer.concat(chunks))).toBe(true);
    await store.put(key('empty.txt'), Buffer.alloc(0), { contentType: 'text/plain' });
    const empty = await store.get(key('empty.txt'));
    expect(empty?.size).toBe(0);
    expect(await body(empty)).toBe('');
  });

  it('a missing key is null for get and head, and deleting it is not an error', async () => {
    next();
    expect(await store.get(key('nope.png'))).toBeNull();
    expect(await store.head(key('nope.png'))).toBeNull();
    await expect(store.delete(key('nope.png'))).resolves.toBeUndefined();
  });

  it('overwrites by default; ifNoneMatch "*" refuses an existing key and keeps the first', async () => {
    next();
    await store.put(key('a.txt'), Buffer.from('one'), { contentType: 'text/plain' });
    await store.put(key('a.txt'), Buffer.from('two'), { contentType: 'text/plain' });
    expect(await body(await store.get(key('a.txt')))).toBe('two');
    await expect(store.put(key('a.txt'), Buffer.from('three'), { contentType: 'text/plain', ifNoneMatch: '*' })).rejects.toBeInstanceOf(BlobExistsError);
    expect(await body(await store.get(key('a.txt')))).toBe('two');
    await store.put(key('new.txt'), Buffer.from('first'), { contentType: 'text/plain', ifNoneMatch: '*' });
    expect(await body(await store.get(key('new.txt')))).toBe('first');
  });

  it('20 concurrent creates with ifNoneMatch "*": exactly one wins, the stored bytes are the winner\'s', async () => {
    next();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.put(key('race.txt'), Buffer.from(`writer-${i}`), { contentType: 'text/plain', ifNoneMatch: '*' })),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(BlobExistsError);
    expect(await body(await store.get(key('race.txt')))).toBe(`writer-${won[0]}`);
  });

  it.each([
    '../etc/passwd',
    'a/../../b',
    '/etc/passwd',
    '\\windows\\system32',
    'a//b',
    'a/./b',
    '.hidden',
    'a/',
    '',
    'a b',
    'a%2e%2e/b',
    'caf\u00e9.jpg',
    'a\u0000b',
    'x'.repeat(513),
  ])('refuses the key %j', async (bad) => {
    await expect(store.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.head(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.delete(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('refuses a content type that is not a MIME type (no header injection)', async () => {
    await expect(store.put('ok.txt', Buffer.from('x'), { contentType: 'text/html\r\nSet-Cookie: a=b' })).rejects.toThrow(/MIME type/);
  });
});

describe('disk store', () => {
  it('keeps every file inside its root, named by a hash of the key, and leaves no temporary files', async () => {
    const root = mkdtempSync(join(tmp, 'layout-'));
    const store = createDiskBlobStore({ root });
    await store.put('photos/2026/a.avif', Buffer.from('x'), { contentType: 'image/avif' });
    await Promise.allSettled(Array.from({ length: 5 }, () => store.put('b.txt', Buffer.from('y'), { contentType: 'text/plain', ifNoneMatch: '*' })));
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files).toHaveLength(2);
    for (const file of files) expect(file.name).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
  });

  it('a reader keeps its bytes while the blob is overwritten or deleted', async () => {
    const store = createDiskBlobStore({ root: mkdtempSync(join(tmp, 'reader-')) });
    await store.put('a.txt', Buffer.from('old'), { contentType: 'text/plain' });
    const reading = await store.get('a.txt');
    await store.put('a.txt', Buffer.from('new!'), { contentType: 'text/plain' });
    await store.delete('a.txt');
    expect(await body(reading)).toBe('old');
  });

  it('writes nothing into the embedded store or its data file', async () => {
    const dataDir = mkdtempSync(join(tmp, 'embedded-'));
    const dataFile = join(dataDir, 'store.bson');
    const mongo = await connectMongo({ dbName: 'blobs', embedded: { dataFile } });
    try {
      const snapshot = () =>
        readdirSync(dataDir)
          .filter((name) => !name.endsWith('.lock'))
          .map((name) => `${name}:${statSync(join(dataDir, name)).size}`)
          .sort();
      const before = snapshot();
      const blobRoot = join(tmp, 'blobs-beside-store');
      const store = createDiskBlobStore({ root: blobRoot });
      for (let i = 0; i < 5; i += 1) await store.put(`photos/${i}.jpg`, Buffer.alloc(50_000, i), { contentType: 'image/jpeg' });
      expect(snapshot()).toEqual(before);
      expect(await mongo.connection.db!.listCollections().toArray()).toEqual([]);
      expect(existsSync(blobRoot)).toBe(true);
    } finally {
      await mongo.stop();
    }
  });
});

describe('s3 store', () => {
  it("'head-check' mode refuses an existing key on a store without conditional writes (not atomic: documented)", async () => {
    // A plain s3rver without the precondition middleware: the header would be ignored.
    const plain = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(tmp, 's3rver-plain'), configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await plain.run();
    try {
      const options = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, credentials: s3Credentials, forcePathStyle: true };
      const native = createS3BlobStore(options);
      await native.put('a.txt', Buffer.from('one'), { contentType: 'text/plain', ifNoneMatch: '*' });
      // What 'native' does against such a store: the overwrite goes through. Hence 'head-check'.
      await native.put('a.txt', Buffer.from('two'), { contentType: 'text/plain', ifNoneMatch: '*' });
      const checked = createS3BlobStore({ ...options, conditionalWrites: 'head-check' });
      await expect(checked.put('a.txt', Buffer.from('three'), { contentType: 'text/plain', ifNoneMatch: '*' })).rejects.toBeInstanceOf(BlobExistsError);
      expect(await body(await checked.get('a.txt'))).toBe('two');
    } finally {
      await plain.close();
    }
  });
});

describe('blob config', () => {
  it('defaults to the disk store under .data/blobs, or BLOB_DIR', () => {
    const config = loadConfig(blobConfigSchema, {});
    expect(config.BLOB_STORE).toBe('disk');
    expect(createBlobStoreFromConfig(config).kind).toBe('disk');
    const dir = join(tmp, 'configured');
    const store = createBlobStoreFromConfig(loadConfig(blobConfigSchema, { BLOB_DIR: dir }));
    expect(store.kind).toBe('disk');
  });

  it('chooses S3 with a bucket, and the configured store works', async () => {
    const config = loadConfig(blobConfigSchema, {
      BLOB_STORE: 's3',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const store = createBlobStoreFromConfig(config);
    expect(store.kind).toBe('s3');
    await store.put('config/ok.txt', Buffer.from('ok'), { contentType: 'text/plain' });
    expect(await body(await store.get('config/ok.txt'))).toBe('ok');
  });

  it('names every bad variable: S3 without a bucket, half a key pair, no secret in production, bad values', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(blobConfigSchema, env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.variable).sort();
      }
    };
    expect(problems({ BLOB_STORE: 's3', S3_ACCESS_KEY_ID: 'a' })).toEqual(['S3_BUCKET', 'S3_SECRET_ACCESS_KEY']);
    expect(problems({ NODE_ENV: 'production' })).toEqual(['BLOB_URL_SECRET']);
    expect(problems({ NODE_ENV: 'production', BLOB_URL_SECRET: 'short' })).toEqual(['BLOB_URL_SECRET']);
    expect(problems({ NODE_ENV: 'production', BLOB_URL_SECRET: 'x'.repeat(43) })).toEqual([]);
    expect(problems({ BLOB_STORE: 'ftp', S3_ENDPOINT: 'not a url', S3_BUCKET: 'Bad_Bucket' })).toEqual(['BLOB_STORE', 'S3_BUCKET', 'S3_ENDPOINT']);
  });
});
