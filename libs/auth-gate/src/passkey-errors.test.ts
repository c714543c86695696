import { describe, expect, it } from 'vitest';
import { WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from '@croft/api-client';
import {
  DEFAULT_PASSKEY_ERROR_MESSAGE,
  PASSKEY_ERROR_CODES,
  PASSKEY_ERROR_MESSAGES,
  PasskeyError,
  needsReRegistration,
  passkeyErrorMessage,
  toPasskeyErrorCode,
} from './passkey-errors';

const dom = (name: string) => new DOMException('failed', name);
const webauthn = (code: ConstructorParameters<typeof WebAuthnError>[0]['code'], cause: Error) =>
  new WebAuthnError({ message: 'x', code, cause });

describe('passkey errors', () => {
  it.each([
    [dom('NotAllowedError'), 'not_allowed'],
    [dom('SecurityError'), 'security'],
    [dom('InvalidStateError'), 'invalid_state'],
    [dom('TimeoutError'), 'timeout'],
    [dom('AbortError'), 'abort'],
    [dom('NotSupportedError'), 'unsupported'],
    [webauthn('ERROR_CEREMONY_ABORTED', dom('AbortError')), 'abort'],
    [webauthn('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', dom('InvalidStateError')), 'invalid_state'],
    [webauthn('ERROR_INVALID_RP_ID', dom('SecurityError')), 'rp_id_mismatch'],
    [webauthn('ERROR_INVALID_DOMAIN', dom('SecurityError')), 'security'],
    [webauthn('ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT', dom('ConstraintError')), 'platform_unavailable'],
    [webauthn('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', dom('NotAllowedError')), 'not_allowed'],
    [new Error('WebAuthn is not supported in this browser'), 'unsupported'],
    [new ApiError(400, 'rp_id_mismatch', 'x'), 'rp_id_mismatch'],
    [new ApiError(400, 'rp_context_changed', 'x'), 'rp_context_changed'],
    [new ApiError(400, 'challenge_expired', 'x'), 'verification_failed'],
    [new ApiError(500, 'internal', 'x'), 'server'],
    [new ApiError(0, 'network_error', 'x'), 'server'],
    [new PasskeyError('no_credentials'), 'no_credentials'],
  ])('classifies %s as %s', (error, code) => {
    expect(toPasskeyErrorCode(error)).toBe(code);
  });

  it('leaves unknown failures unclassified, with the default message', () => {
    expect(toPasskeyErrorCode(new Error('odd'))).toBeUndefined();
    expect(toPasskeyErrorCode('nope')).toBeUndefined();
    expect(passkeyErrorMessage(new Error('odd'))).toBe('Biometric unlock failed. You can try again or use email.');
    expect(passkeyErrorMessage(dom('UnknownError'))).toBe(DEFAULT_PASSKEY_ERROR_MESSAGE);
  });

  it('has a message for every spec code, with the spec’s wording where it gives one', () => {
    for (const code of PASSKEY_ERROR_CODES) expect(PASSKEY_ERROR_MESSAGES[code].length).toBeGreaterThan(10);
    expect(passkeyErrorMessage('no_credentials')).toBe("No passkey saved yet. We'll create one now.");
    expect(passkeyErrorMessage('no_user_handle')).toBe("No passkey saved yet. We'll create one now.");
    expect(passkeyErrorMessage('invalid_state')).toBe('This passkey is already registered. Try signing in instead.');
    expect(passkeyErrorMessage('unsupported')).toBe('Passkeys are not supported in this browser.');
    expect(passkeyErrorMessage('platform_unavailable')).toBe('No built-in authenticator available on this device.');
    expect(passkeyErrorMessage('security')).toMatch(/HTTPS.*Private Browsing/);
    expect(passkeyErrorMessage(dom('NotAllowedError'))).toMatch(/closed or timed out/);
  });

  it('asks for a re-registration only when the relying party changed', () => {
    expect(PASSKEY_ERROR_CODES.filter(needsReRegistration)).toEqual(['rp_context_changed', 'rp_id_mismatch']);
    expect(passkeyErrorMessage('rp_id_mismatch')).toBe(passkeyErrorMessage('rp_context_changed'));
  });
});
