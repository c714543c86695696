import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  canonicalEmail,
  EMAIL_INPUT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  emailSchema,
  isPlainEmail,
} from './email';

const parse = (value: unknown) => z.safeParse(emailSchema, value);

describe('the shared email rule', () => {
  it.each([
    'ada@example.com',
    'first.last+tag@sub.example.org',
    "o'brien@example.ie",
    'a_b-c@example.co.uk',
    'x@xn--mller-kva.de',
    'user@a-b.example',
    '1@example.com',
  ])('accepts the plain address %s', (email) => {
    expect(isPlainEmail(email)).toBe(true);
    expect(parse(email).success).toBe(true);
  });

  // One mailbox must not have many spellings: display names, comments, brackets and quotes are
  // what mail software strips before delivering, so they would be different keys for one inbox.
  it.each([
    'v@x.com(1)',
    '<v@x.com>',
    'x<v@x.com>',
    '"v"@x.com',
    'v(comment)@x.com',
    'Vic <v@x.com>',
    'v @x.com',
    'v@x .com',
    'v\t@x.com',
    'v\u0000@x.com',
    'v\n@x.com',
    'v@x.com\u0007',
    'v@@x.com',
    'v@x@y.com',
    '@x.com',
    'v@',
    'v@x',
    'v@.com',
    'v@x.',
    'v@x..com',
    'v@-x.com',
    'v@x-.com',
    'v@x.123',
    '.v@x.com',
    'v.@x.com',
    'v..w@x.com',
    'v@[127.0.0.1]',
    'v@x,y.com',
    'v;w@x.com',
    'ü@x.com',
    'v@müller.de',
    '',
  ])('refuses %j', (email) => {
    expect(isPlainEmail(email)).toBe(false);
    expect(canonicalEmail(email)).toBeNull();
    expect(parse(email).success).toBe(false);
  });

  it('parses to the canonical form: trimmed and lower-case', () => {
    expect(parse('  Ada.Lovelace@Example.COM\t').data).toBe('ada.lovelace@example.com');
    expect(canonicalEmail(' V@X.com ')).toBe('v@x.com');
    expect(canonicalEmail('v@x.com')).toBe(canonicalEmail('\nV@X.COM '));
  });

  it('keeps the RFC length limits: 64 local, 253 domain, 254 in all', () => {
    const label = (n: number) => 'd'.repeat(n);
    expect(isPlainEmail(`${'a'.repeat(64)}@x.com`)).toBe(true);
    expect(isPlainEmail(`${'a'.repeat(65)}@x.com`)).toBe(false);
    expect(isPlainEmail(`a@${label(63)}.com`)).toBe(true);
    expect(isPlainEmail(`a@${label(64)}.com`)).toBe(false);
    // The domain limit (253) is implied by the overall one: with a one-letter local part the
    // domain can have at most 252 characters.
    const domain252 = `${label(63)}.${label(63)}.${label(63)}.${label(56)}.com`;
    expect(`a@${domain252}`.length).toBe(EMAIL_MAX_LENGTH);
    expect(isPlainEmail(`a@${domain252}`)).toBe(true);
    expect(parse(`a@${domain252}`).success).toBe(true);
    expect(isPlainEmail(`ab@${domain252}`)).toBe(false);
    expect(parse(`ab@${domain252}`).success).toBe(false);
  });

  it('allows stray spaces around a pasted address, but refuses any longer input before looking at it', () => {
    const padded = `${' '.repeat(40)}ada@example.com${' '.repeat(40)}`;
    expect(parse(padded).data).toBe('ada@example.com');
    const huge = `a@${'.'.repeat(100_000)}@`;
    const result = parse(huge);
    expect(result.success).toBe(false);
    // Only the length issue: nothing after the aborting length check ran.
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', maximum: EMAIL_INPUT_MAX_LENGTH });
    expect(canonicalEmail(huge)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { $ne: '' }, ['a@b.co']]) {
      expect(parse(value).success).toBe(false);
      expect(canonicalEmail(value)).toBeNull();
      expect(isPlainEmail(value)).toBe(false);
    }
  });
});
