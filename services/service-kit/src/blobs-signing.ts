/**
 * Signed, expiring URLs for private blobs: `/blobs/<key>?exp=<unix seconds>&sig=<base64url
 * HMAC-SHA256 over "<key>\n<exp>">`. The gateway serves them (blobRoute); nothing else exposes a
 * blob, and there is no listing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertValidBlobKey, isValidBlobKey } from './blobs';

export const BLOB_URL_PREFIX = '/blobs/';
/** The longest a signed URL may live: 7 days. */
export const MAX_BLOB_URL_SECONDS = 7 * 24 * 3600;
/** BLOB_URL_SECRET must be at least this long (32 random bytes in base64url are 43). */
export const MIN_BLOB_URL_SECRET_LENGTH = 32;

export interface SignBlobUrlOptions {
  secret: string;
  /** 1 s to MAX_BLOB_URL_SECONDS. */
  expiresInSeconds: number;
  /** Milliseconds since the epoch (default Date.now()). */
  now?: number;
}

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_BLOB_URL_SECRET_LENGTH) {
    throw new TypeError(`the blob URL secret must be at least ${MIN_BLOB_URL_SECRET_LENGTH} characters`);
  }
}

function mac(key: string, exp: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${key}\n${exp}`, 'utf8').digest();
}

/** A same-origin path such as /blobs/photos/a.avif?exp=1767225600&sig=… */
export function signBlobUrl(key: string, options: SignBlobUrlOptions): string {
  assertValidBlobKey(key);
  checkSecret(options.secret);
  const seconds = options.expiresInSeconds;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_BLOB_URL_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_BLOB_URL_SECONDS}`);
  }
  const exp = Math.floor((options.now ?? Date.now()) / 1000) + seconds;
  const sig = mac(key, exp, options.secret).toString('base64url');
  return `${BLOB_URL_PREFIX}${key}?exp=${exp}&sig=${sig}`;
}

export interface VerifyBlobSignatureInput {
  key: string;
  /** The exp and sig query values exactly as received (anything but one string is refused). */
  exp: unknown;
  sig: unknown;
  secret: string;
  now?: number;
}

export type BlobSignatureResult = { ok: true; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a signed blob URL's parts. The MAC is compared in constant time; an expiry more than
 * MAX_BLOB_URL_SECONDS ahead is refused even with a valid MAC. `expiresAt` is in unix seconds.
 */
export function verifyBlobSignature(input: VerifyBlobSignatureInput): BlobSignatureResult {
  const { key, exp, sig, secret } = input;
  checkSecret(secret);
  if (!isValidBlobKey(key)) return { ok: false, reason: 'invalid' };
  if (typeof exp !== 'string' || !/^[1-9]\d{0,11}$/.test(exp)) return { ok: false, reason: 'invalid' };
  if (typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return { ok: false, reason: 'invalid' };
  const expiresAt = Number(exp);
  const expected = mac(key, expiresAt, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  if (expiresAt - nowSeconds > MAX_BLOB_URL_SECONDS) return { ok: false, reason: 'invalid' };
  return { ok: true, expiresAt };
}
