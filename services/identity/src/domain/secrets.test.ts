import { describe, expect, it } from 'vitest';
import { generateCode, hashCode, randomToken, sameHash, secretBox, sha256 } from './secrets';

describe('secrets', () => {
  it('codes are 6 digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1900);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('code hashes are keyed by the pepper and bound to the email', () => {
    const h = hashCode('pepper-a', 'a@example.com', '123456');
    expect(h).not.toContain('123456');
    expect(sameHash(h, hashCode('pepper-a', 'a@example.com', '123456'))).toBe(true);
    expect(sameHash(h, hashCode('pepper-b', 'a@example.com', '123456'))).toBe(false);
    expect(sameHash(h, hashCode('pepper-a', 'b@example.com', '123456'))).toBe(false);
    expect(sameHash(h, hashCode('pepper-a', 'a@example.com', '123457'))).toBe(false);
  });

  it('refresh tokens are 32 random bytes; only their sha256 is kept', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(sha256(token)).not.toBe(token);
    expect(sha256(token)).toBe(sha256(token));
  });

  it('the secret box seals with AES-GCM, refuses tampering, and passes values through without a secret', () => {
    const box = secretBox('s'.repeat(40));
    const sealed = box.seal('{"d":"private"}');
    expect(sealed).not.toContain('private');
    expect(box.open(sealed)).toBe('{"d":"private"}');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => secretBox('o'.repeat(40)).open(sealed)).toThrow();
    expect(() => secretBox(undefined).open(sealed)).toThrow(/KEY_ENCRYPTION_SECRET/);
    expect(secretBox(undefined).seal('plain')).toBe('plain');
  });
});
