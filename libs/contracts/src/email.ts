// The one email-address rule of every service and of the browser (identity, newsletter, venue).
//
// Only a plain address is accepted: local@domain, with no display name, comment, angle
// brackets, quotes, whitespace or control characters, so one mailbox has one spelling. The
// canonical form (trimmed, lower-case) is what services store and use as rate-limit keys.
//
// Every check is linear in the input: the length is checked first (and parsing stops there),
// then the address is split on '@' and '.' by hand and each piece is tested with a single
// anchored character class (no nested or adjacent overlapping quantifiers to backtrack over).
import * as z from 'zod/mini';

/** Longest address (RFC 5321 path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest local part (before the '@'), RFC 5321. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** Longest domain (after the '@'), RFC 1035. */
export const EMAIL_DOMAIN_MAX_LENGTH = 253;
/** Longest domain label (between dots), RFC 1035. */
const DOMAIN_LABEL_MAX_LENGTH = 63;
/**
 * Longest raw input, before trimming: room for stray spaces around a pasted address. Anything
 * longer is refused before any other check runs.
 */
export const EMAIL_INPUT_MAX_LENGTH = 320;

export const EMAIL_INVALID_MESSAGE = 'must be an email address';

/** RFC 5322 atext (the characters of a dot-atom between dots), ASCII only. */
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
/** A domain label: letters, digits and hyphens (IDNs travel as punycode, xn--…). */
const DOMAIN_LABEL = /^[A-Za-z0-9-]+$/;
const HAS_LETTER = /[A-Za-z]/;

/**
 * True for a plain address `local@domain` (no trimming or case folding here): a dot-atom local
 * part of at most 64 characters, a domain of at least two dot-separated labels (letters, digits,
 * inner hyphens, at most 63 each; the last one has a letter) of at most 253 characters, and at
 * most 254 characters in all. Linear time.
 */
export function isPlainEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || domain.length > EMAIL_DOMAIN_MAX_LENGTH) return false;
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const valid = labels.every(
    (label) =>
      label.length <= DOMAIN_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'),
  );
  return valid && HAS_LETTER.test(labels[labels.length - 1]);
}

/**
 * The canonical form of an address (trimmed, lower-case) when it is a plain address, else null.
 * Services key storage and rate limits on this; the browser checks forms with it.
 */
export function canonicalEmail(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > EMAIL_INPUT_MAX_LENGTH) return null;
  const email = raw.trim().toLowerCase();
  return isPlainEmail(email) ? email : null;
}

/**
 * An email address in a request: a string of at most EMAIL_INPUT_MAX_LENGTH characters (checked
 * first; a longer one stops there), trimmed and lower-cased, then a plain address (isPlainEmail).
 * Parses to the canonical form.
 */
export const emailSchema = z.string().check(
  z.maxLength(EMAIL_INPUT_MAX_LENGTH, { abort: true }),
  z.trim(),
  z.toLowerCase(),
  z.maxLength(EMAIL_MAX_LENGTH, { abort: true }),
  z.refine(isPlainEmail, EMAIL_INVALID_MESSAGE),
);
