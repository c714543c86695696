import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '@croft/contracts';

/** A fresh unsubscribe token: 32 random bytes as base64url (43 characters). */
export function newUnsubscribeToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: hashToken(raw) };
}

/** sha256 hex: what the database stores instead of the raw token. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

/** Only strings of the generated shape can be tokens; anything else is simply unknown. */
export function isWellFormedToken(value: string): boolean {
  return UNSUBSCRIBE_TOKEN_PATTERN.test(value);
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
