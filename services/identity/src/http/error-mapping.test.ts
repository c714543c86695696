import { describe, expect, it } from 'vitest';
import { HttpError } from '@croft/service-kit';
import { IDENTITY_ERROR_KINDS, IdentityError } from '../domain/errors';
import { asHttpError, IDENTITY_ERROR_HTTP, identityErrorMapper, toHttpError } from './error-mapping';

describe('identity domain error → HTTP mapping', () => {
  it('maps every kind, and nothing else', () => {
    const missing = IDENTITY_ERROR_KINDS.filter((kind) => !Object.hasOwn(IDENTITY_ERROR_HTTP, kind));
    expect(missing).toEqual([]);
    const extra = Object.keys(IDENTITY_ERROR_HTTP).filter((kind) => !(IDENTITY_ERROR_KINDS as readonly string[]).includes(kind));
    expect(extra).toEqual([]);
    expect(new Set(IDENTITY_ERROR_KINDS).size).toBe(IDENTITY_ERROR_KINDS.length);
  });

  it('gives every kind a client or upstream status and an envelope code', () => {
    for (const kind of IDENTITY_ERROR_KINDS) {
      const { status, code } = IDENTITY_ERROR_HTTP[kind];
      expect([400, 401, 403, 404, 409, 422, 429, 502, 503], kind).toContain(status);
      expect(code, kind).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('keeps the spec catalogue (status and code) for a sample of kinds', () => {
    expect(IDENTITY_ERROR_HTTP.user_not_found).toEqual({ status: 404, code: 'user_not_found' });
    expect(IDENTITY_ERROR_HTTP.account_gone).toEqual({ status: 401, code: 'user_not_found' });
    expect(IDENTITY_ERROR_HTTP.rate_limited).toEqual({ status: 429, code: 'rate_limited' });
    expect(IDENTITY_ERROR_HTTP.email_send_failed).toEqual({ status: 502, code: 'email_send_failed' });
    expect(IDENTITY_ERROR_HTTP.membership_check_failed).toEqual({ status: 503, code: 'membership_check_failed' });
  });

  it('turns a domain error into an HttpError with the same message', () => {
    const mapped = toHttpError(new IdentityError('factor_name_taken', 'A verified factor with this name already exists.'));
    expect(mapped).toBeInstanceOf(HttpError);
    expect([mapped.status, mapped.code, mapped.message]).toEqual([409, 'factor_name_taken', 'A verified factor with this name already exists.']);
  });

  it('passes other errors through unchanged', () => {
    const plain = new Error('boom');
    const http = new HttpError(400, 'invalid_request', 'bad');
    expect(asHttpError(plain)).toBe(plain);
    expect(asHttpError(http)).toBe(http);
    const seen: unknown[] = [];
    const mapper = identityErrorMapper();
    const call = (err: unknown) => mapper(err, {} as never, {} as never, (next?: unknown) => seen.push(next));
    call(plain);
    call(new IdentityError('invalid_code', 'Invalid or expired code. Please try again.'));
    expect(seen[0]).toBe(plain);
    expect(seen[1]).toMatchObject({ status: 400, code: 'invalid_code', message: 'Invalid or expired code. Please try again.' });
  });
});
