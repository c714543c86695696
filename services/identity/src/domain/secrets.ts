import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@croft/contracts';
import { secretBox as kitSecretBox, type SecretBox } from '@croft/service-kit';

/** A sign-in code: CODE_LENGTH digits from the CSPRNG (leading zeros kept). */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH).toString().padStart(CODE_LENGTH, '0');
}

/** Codes are low-entropy, so they are stored as a keyed hash (HMAC-SHA256 with the pepper), bound to the email. */
export function hashCode(pepper: string, email: string, code: string): string {
  return createHmac('sha256', pepper).update(`${email}\n${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 32 random bytes, base64url (refresh tokens). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens have 256 bits of entropy, so a plain sha256 is enough. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Identity's signing keys and TOTP secrets, sealed by the service kit's box under identity's own label. */
export type { SecretBox } from '@croft/service-kit';
export const secretBox = (secret: string | undefined): SecretBox => kitSecretBox(secret, 'croft-identity-keys');

/**
 * Seals a refresh token's successor under a key derived from the token itself (AES-256-GCM), so
 * only whoever presents the (rotated) token can read its successor, and the database, which holds
 * tokens only as hashes, never holds a usable one.
 */
function tokenKey(token: string): Buffer {
  return createHash('sha256').update(`croft-refresh-successor\n${token}`).digest();
}

export function sealWithToken(token: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(token), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
}

/** The successor sealed by sealWithToken, or null when the token does not open it. */
export function openWithToken(token: string, sealed: string): string | null {
  try {
    const [iv, tag, data] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', tokenKey(token), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
