import { describe, expect, it } from 'vitest';
import { MAX_BLOB_URL_SECONDS, signBlobUrl, verifyBlobSignature } from './blobs-signing';

const secret = 'k'.repeat(43);
const now = Date.UTC(2026, 10, 23, 12, 0, 0);

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return { key: parsed.pathname.replace(/^\/blobs\//, ''), exp: parsed.searchParams.get('exp') ?? undefined, sig: parsed.searchParams.get('sig') ?? undefined };
}

describe('signed blob URLs', () => {
  const url = signBlobUrl('photos/a.avif', { secret, expiresInSeconds: 600, now });

  it('has the form /blobs/<key>?exp=<unix>&sig=<base64url HMAC-SHA256>', () => {
    expect(url).toMatch(/^\/blobs\/photos\/a\.avif\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(parts(url).exp).toBe(String(now / 1000 + 600));
  });

  it('valid: accepted until it expires, with its expiry', () => {
    expect(verifyBlobSignature({ ...parts(url), secret, now })).toEqual({ ok: true, expiresAt: now / 1000 + 600 });
    expect(verifyBlobSignature({ ...parts(url), secret, now: now + 599_000 }).ok).toBe(true);
  });

  it('expired: refused at and after exp', () => {
    expect(verifyBlobSignature({ ...parts(url), secret, now: now + 600_000 })).toEqual({ ok: false, reason: 'expired' });
    expect(verifyBlobSignature({ ...parts(url), secret, now: now + 86_400_000 })).toEqual({ ok: false, reason: 'expired' });
  });

  it('tampered key: refused', () => {
    expect(verifyBlobSignature({ ...parts(url), key: 'photos/b.avif', secret, now })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyBlobSignature({ ...parts(url), key: '../photos/a.avif', secret, now })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tampered exp: refused (a later expiry does not carry the signature)', () => {
    const p = parts(url);
    expect(verifyBlobSignature({ ...p, exp: String(Number(p.exp) + 3600), secret, now })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyBlobSignature({ ...p, exp: `0${p.exp}`, secret, now })).toEqual({ ok: false, reason: 'invalid' }); // one spelling only
    expect(verifyBlobSignature({ ...p, exp: `${p.exp}.0`, secret, now })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tampered or malformed sig: refused', () => {
    const p = parts(url);
    const flipped = (p.sig![0] === 'A' ? 'B' : 'A') + p.sig!.slice(1);
    expect(verifyBlobSignature({ ...p, sig: flipped, secret, now }).ok).toBe(false);
    expect(verifyBlobSignature({ ...p, sig: p.sig!.slice(0, 42), secret, now }).ok).toBe(false);
    expect(verifyBlobSignature({ ...p, sig: undefined, secret, now }).ok).toBe(false);
    expect(verifyBlobSignature({ ...p, sig: [p.sig, p.sig], secret, now }).ok).toBe(false);
    expect(verifyBlobSignature({ ...p, exp: [p.exp], secret, now }).ok).toBe(false);
  });

  it('wrong secret: refused', () => {
    expect(verifyBlobSignature({ ...parts(url), secret: 'j'.repeat(43), now })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses to sign with a short secret, a bad key or a lifetime outside 1 s to 7 days', () => {
    expect(() => signBlobUrl('a.png', { secret: 'short', expiresInSeconds: 60 })).toThrow(/at least 32/);
    expect(() => signBlobUrl('../a.png', { secret, expiresInSeconds: 60 })).toThrow(/Invalid blob key/);
    expect(() => signBlobUrl('a.png', { secret, expiresInSeconds: 0 })).toThrow(RangeError);
    expect(() => signBlobUrl('a.png', { secret, expiresInSeconds: MAX_BLOB_URL_SECONDS + 1 })).toThrow(RangeError);
  });
});
