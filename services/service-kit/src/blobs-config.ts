/**
 * Blob configuration, read with the kit's zod config pattern. Extend a service's schema with
 * `blobConfigShape` and call `checkBlobConfig` from its superRefine:
 *
 *   baseConfigSchema(3000).extend({ ...blobConfigShape }).superRefine((c, ctx) => checkBlobConfig(c, ctx))
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { httpUrlSetting } from './config';
import { createDiskBlobStore, createS3BlobStore, type BlobStore } from './blobs';
import { MIN_BLOB_URL_SECRET_LENGTH } from './blobs-signing';

export const blobConfigShape = {
  /** disk (default): files under BLOB_DIR; s3: any S3-compatible store (S3_* below). */
  BLOB_STORE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  /** Folder for the disk store (default <workspace>/.data/blobs). */
  BLOB_DIR: z.string().optional(),
  /** HMAC key of signed blob URLs; required in production (npm start generates a local one). */
  BLOB_URL_SECRET: z
    .string()
    .min(MIN_BLOB_URL_SECRET_LENGTH, { error: `must be at least ${MIN_BLOB_URL_SECRET_LENGTH} characters` })
    .optional(),
  S3_ENDPOINT: httpUrlSetting('https://s3.eu-west-2.amazonaws.com').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region such as eu-west-2' }).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name (3-63 lower-case letters, digits, "." or "-")' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** true for MinIO and most self-hosted stores (endpoint/bucket/key URLs). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
};

export interface BlobConfig {
  NODE_ENV?: string;
  BLOB_STORE: 'disk' | 's3';
  BLOB_DIR?: string;
  BLOB_URL_SECRET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/** The cross-field rules: S3 needs a bucket and both keys (or neither: the SDK's own chain). */
export function checkBlobConfig(config: BlobConfig, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV === 'production' && !config.BLOB_URL_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['BLOB_URL_SECRET'], message: 'is required in production' });
  }
  if (config.BLOB_STORE !== 's3') return;
  if (!config.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when BLOB_STORE=s3' });
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
}

/** A schema with just the blob variables (and NODE_ENV), for services that want only these. */
export const blobConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ...blobConfigShape,
  })
  .superRefine((config, ctx) => checkBlobConfig(config, ctx));

/** `<workspace>/.data/blobs`: the disk store's folder when BLOB_DIR is unset (whatever the working directory). */
export const DEFAULT_BLOB_DIR = resolve(fileURLToPath(import.meta.url), '../../../..', '.data/blobs');

const { BLOB_URL_SECRET: _signingSecret, ...blobStoreShape } = blobConfigShape;

/**
 * Only where the files go (BLOB_STORE, BLOB_DIR, S3_*), without the URL-signing secret: what the
 * composition reads to make the one BlobStore every module of a process shares. Hosts that sign
 * blob URLs (the gateway) validate BLOB_URL_SECRET in their own schema.
 */
export const blobStoreConfigSchema = z.object(blobStoreShape).superRefine((config, ctx) => checkBlobConfig(config, ctx));

/** The store the configuration names. `defaultDir` is used when BLOB_DIR is unset. */
export function createBlobStoreFromConfig(config: BlobConfig, options: { defaultDir?: string } = {}): BlobStore {
  if (config.BLOB_STORE === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when BLOB_STORE=s3');
    return createS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
        : {}),
    });
  }
  return createDiskBlobStore({ root: resolve(config.BLOB_DIR ?? options.defaultDir ?? '.data/blobs') });
}
