/**
 * BlobStore: uploaded files (photos, CMS images) live here, never in MongoDB documents or the
 * embedded store's snapshot. Local disk by default (`.data/blobs`), any S3-compatible store when
 * configured. Server-side only: nothing here may be imported by browser code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

// The AWS SDK loads on first use of an S3 store: services on the disk store never pay for it.
type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdkPromise: Promise<S3Sdk> | undefined;
const loadS3Sdk = () => (sdkPromise ??= import('@aws-sdk/client-s3'));

export interface BlobPutOptions {
  contentType: string;
  cacheControl?: string;
  /** '*': only create, never overwrite; a blob already under the key → BlobExistsError. */
  ifNoneMatch?: '*';
}

export interface BlobInfo {
  key: string;
  size: number;
  /** A quoted strong ETag, e.g. "5d41402abc4b2a76b9719d911017c592". */
  etag: string;
  contentType: string;
  cacheControl?: string;
}

export interface BlobPutResult {
  key: string;
  size: number;
  etag: string;
}

export interface BlobStore {
  /** 'disk' or 's3': for logs and tests. */
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer | Readable, options: BlobPutOptions): Promise<BlobPutResult>;
  /** The blob and a stream of its bytes (the caller must consume or destroy it), or null. */
  get(key: string): Promise<(BlobInfo & { stream: Readable }) | null>;
  head(key: string): Promise<BlobInfo | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class InvalidBlobKeyError extends Error {
  readonly code = 'invalid_blob_key';
  constructor(reason: string) {
    super(`Invalid blob key: ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}

export class BlobExistsError extends Error {
  readonly code = 'blob_exists';
  constructor(readonly key: string) {
    super(`A blob already exists under ${key}`);
    this.name = 'BlobExistsError';
  }
}

export const MAX_BLOB_KEY_LENGTH = 512;
/** Largest body the S3 store buffers from a stream (uploads are limited well below this first). */
export const MAX_S3_STREAM_BYTES = 64 * 1024 * 1024;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are relative paths of `/`-separated segments of letters, digits, `.`, `_` and `-`: no
 * empty segments, no segment starting with `.` (so no `.` or `..`), no leading `/` or `\`, at
 * most MAX_BLOB_KEY_LENGTH characters. The same keys are valid on disk, in S3 and in a URL path.
 */
export function assertValidBlobKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError('empty');
  if (key.length > MAX_BLOB_KEY_LENGTH) throw new InvalidBlobKeyError(`longer than ${MAX_BLOB_KEY_LENGTH} characters`);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidBlobKeyError('segments must be letters, digits, ".", "_" or "-" and not start with "."');
  }
}

export function isValidBlobKey(key: unknown): key is string {
  try {
    assertValidBlobKey(key);
    return true;
  } catch {
    return false;
  }
}

function checkContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\r\n]*"|[\w.+-]+))*$/.test(contentType) || contentType.length > 200) {
    throw new TypeError('contentType must be a MIME type such as image/avif');
  }
}

// ---------------------------------------------------------------------------------------------
// Disk

export interface DiskBlobStoreOptions {
  /** Folder for the blobs (default `.data/blobs` under the working directory). */
  root?: string;
}

/** Trailer layout: <data bytes><JSON meta><4-byte big-endian length of the JSON>. */
interface DiskMeta {
  key: string;
  size: number;
  etag: string;
  contentType: string;
  cacheControl?: string;
}

/**
 * Blobs on local disk. Each blob is one file named by the SHA-256 of its key (so no key can
 * reach outside the root), holding the bytes followed by a small JSON trailer (type, cache
 * control, size, ETag). Writes go to a temporary file first and become visible in one step:
 * `rename` (overwrite) or `link` (no-overwrite: fails atomically with EEXIST when the key exists,
 * so of many concurrent creates exactly one wins). Readers holding the old file keep reading it.
 */
export function createDiskBlobStore(options: DiskBlobStoreOptions = {}): BlobStore {
  const root = resolve(options.root ?? '.data/blobs');
  const tmpDir = join(root, 'tmp');
  const pathFor = (key: string) => {
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    return join(root, 'objects', hash.slice(0, 2), hash);
  };

  async function readMeta(handle: FileHandle): Promise<DiskMeta> {
    const { size: fileSize } = await handle.stat();
    const lengthBuffer = Buffer.alloc(4);
    await handle.read(lengthBuffer, 0, 4, fileSize - 4);
    const metaLength = lengthBuffer.readUInt32BE(0);
    const metaBuffer = Buffer.alloc(metaLength);
    await handle.read(metaBuffer, 0, metaLength, fileSize - 4 - metaLength);
    return JSON.parse(metaBuffer.toString('utf8')) as DiskMeta;
  }

  async function openBlob(key: string): Promise<{ handle: FileHandle; meta: DiskMeta } | null> {
    assertValidBlobKey(key);
    let handle: FileHandle;
    try {
      handle = await open(pathFor(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return { handle, meta: await readMeta(handle) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  const info = (meta: DiskMeta): BlobInfo => ({
    key: meta.key,
    size: meta.size,
    etag: meta.etag,
    contentType: meta.contentType,
    ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
  });

  return {
    kind: 'disk',

    async put(key, data, putOptions) {
      assertValidBlobKey(key);
      checkContentType(putOptions.contentType);
      const target = pathFor(key);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const temp = join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      const md5 = createHash('md5');
      let size = 0;
      const handle = await open(temp, 'wx', 0o600);
      try {
        const source: Iterable<unknown> | AsyncIterable<unknown> = Buffer.isBuffer(data) ? [data] : data;
        for await (const piece of source) {
          const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
          md5.update(chunk);
          await handle.write(chunk, 0, chunk.length, size);
          size += chunk.length;
        }
        const meta: DiskMeta = {
          key,
          size,
          etag: `"${md5.digest('hex')}"`,
          contentType: putOptions.contentType,
          ...(putOptions.cacheControl ? { cacheControl: putOptions.cacheControl } : {}),
        };
        const metaBuffer = Buffer.from(JSON.stringify(meta), 'utf8');
        const lengthBuffer = Buffer.alloc(4);
        lengthBuffer.writeUInt32BE(metaBuffer.length, 0);
        await handle.write(Buffer.concat([metaBuffer, lengthBuffer]), 0, metaBuffer.length + 4, size);
        await handle.sync();
        await handle.close();
        if (putOptions.ifNoneMatch === '*') {
          try {
            await link(temp, target);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BlobExistsError(key);
            throw error;
          } finally {
            await unlink(temp).catch(() => undefined);
          }
        } else {
          await rename(temp, target);
        }
        return { key, size, etag: meta.etag };
      } catch (error) {
        await handle.close().catch(() => undefined);
        await unlink(temp).catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      const opened = await openBlob(key);
      if (!opened) return null;
      const { handle, meta } = opened;
      if (meta.size === 0) {
        await handle.close();
        return { ...info(meta), stream: Readable.from([]) };
      }
      // The stream owns the descriptor: an overwrite or delete meanwhile does not affect it.
      const stream = handle.createReadStream({ start: 0, end: meta.size - 1, autoClose: true });
      return { ...info(meta), stream };
    },

    async head(key) {
      const opened = await openBlob(key);
      if (!opened) return null;
      await opened.handle.close();
      return info(opened.meta);
    },

    async delete(key) {
      assertValidBlobKey(key);
      try {
        await unlink(pathFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// S3

export interface S3BlobStoreOptions {
  /** e.g. https://s3.eu-west-2.amazonaws.com, http://127.0.0.1:9000 (MinIO); omit for AWS's default. */
  endpoint?: string;
  region: string;
  bucket: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Path-style URLs (endpoint/bucket/key): needed by MinIO, s3rver and most self-hosted stores. */
  forcePathStyle?: boolean;
  /**
   * How `ifNoneMatch: '*'` is enforced. 'native' (default) sends `If-None-Match: *` and maps the
   * store's 412 to BlobExistsError: atomic on AWS S3 (since 2024), MinIO, Cloudflare R2.
   * 'head-check' is for stores that ignore the header: a HEAD then the PUT, which refuses an
   * existing key but is NOT atomic (two racing creates can both succeed; the last one wins).
   */
  conditionalWrites?: 'native' | 'head-check';
  /** Injected client (tests). */
  client?: S3Client;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatus(error) === 404;
}

async function toBuffer(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) {
      stream.destroy();
      throw new RangeError(`blob larger than ${limit} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Blobs in an S3-compatible bucket. A streamed body is buffered (up to MAX_S3_STREAM_BYTES) so
 * the PUT has a length; uploads are size-limited before they get here.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  let ready: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const s3 = () =>
    (ready ??= loadS3Sdk().then((sdk) => ({
      sdk,
      client:
        options.client ??
        new sdk.S3Client({
          region: options.region,
          ...(options.endpoint ? { endpoint: options.endpoint } : {}),
          ...(options.credentials ? { credentials: options.credentials } : {}),
          forcePathStyle: options.forcePathStyle ?? false,
        }),
    })));
  const Bucket = options.bucket;
  const conditional = options.conditionalWrites ?? 'native';

  /** What HEAD and GET answer about an object, as a BlobInfo. */
  const infoOf = (
    key: string,
    out: { ContentLength?: number; ETag?: string; ContentType?: string; CacheControl?: string },
  ): BlobInfo => ({
    key,
    size: out.ContentLength ?? 0,
    etag: out.ETag ?? '""',
    contentType: out.ContentType ?? 'application/octet-stream',
    ...(out.CacheControl ? { cacheControl: out.CacheControl } : {}),
  });

  const head = async (key: string): Promise<BlobInfo | null> => {
    assertValidBlobKey(key);
    const { sdk, client } = await s3();
    try {
      return infoOf(key, await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key })));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',

    async put(key, data, putOptions) {
      assertValidBlobKey(key);
      checkContentType(putOptions.contentType);
      const body = Buffer.isBuffer(data) ? data : await toBuffer(data, MAX_S3_STREAM_BYTES);
      const create = putOptions.ifNoneMatch === '*';
      if (create && conditional === 'head-check' && (await head(key))) throw new BlobExistsError(key);
      const { sdk, client } = await s3();
      try {
        const out = await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: putOptions.contentType,
            ...(putOptions.cacheControl ? { CacheControl: putOptions.cacheControl } : {}),
            ...(create && conditional === 'native' ? { IfNoneMatch: '*' } : {}),
          }),
        );
        return { key, size: body.length, etag: out.ETag ?? `"${createHash('md5').update(body).digest('hex')}"` };
      } catch (error) {
        // 412: the key exists. 409 ConditionalRequestConflict: a concurrent create is in flight
        // (AWS); either way this create did not happen.
        const status = httpStatus(error);
        if (create && (status === 412 || (status === 409 && (error as { name?: string }).name === 'ConditionalRequestConflict'))) {
          throw new BlobExistsError(key);
        }
        throw error;
      }
    },

    async get(key) {
      assertValidBlobKey(key);
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return { ...infoOf(key, out), stream: out.Body as Readable };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    head,

    async delete(key) {
      assertValidBlobKey(key);
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
