/** The passkey error codes of spec 001 §8. */
export const PASSKEY_ERROR_CODES = [
  'not_allowed',
  'security',
  'invalid_state',
  'timeout',
  'abort',
  'no_user_handle',
  'no_credentials',
  'auth_options_failed',
  'platform_unavailable',
  'unsupported',
  'server',
  'rp_context_changed',
  'rp_id_mismatch',
  'verification_failed',
] as const;
export type PasskeyErrorCode = (typeof PASSKEY_ERROR_CODES)[number];

export const NO_PASSKEY_YET_MESSAGE = "No passkey saved yet. We'll create one now.";
const RE_REGISTER_MESSAGE = 'This site’s passkey settings changed. Please set up Face ID / Passkey again on this device.';

/** What the person reads for each code (spec 001 §8; quoted hints kept verbatim where the spec has them). */
export const PASSKEY_ERROR_MESSAGES: Record<PasskeyErrorCode, string> = {
  not_allowed: 'Face ID / Passkey was closed or timed out. Please try again.',
  security: 'Passkeys need a secure connection. Use HTTPS and avoid Private Browsing, then try again.',
  invalid_state: 'This passkey is already registered. Try signing in instead.',
  timeout: 'Face ID / Passkey timed out. Please try again.',
  abort: 'Face ID / Passkey was cancelled. Please try again.',
  no_user_handle: NO_PASSKEY_YET_MESSAGE,
  no_credentials: NO_PASSKEY_YET_MESSAGE,
  auth_options_failed: 'Could not start Face ID / Passkey. Please try again or use email.',
  platform_unavailable: 'No built-in authenticator available on this device.',
  unsupported: 'Passkeys are not supported in this browser.',
  server: 'Something went wrong on our side. Please try again or use email.',
  rp_context_changed: RE_REGISTER_MESSAGE,
  rp_id_mismatch: RE_REGISTER_MESSAGE,
  verification_failed: 'We could not verify your passkey. Please try again or use email.',
};

export const DEFAULT_PASSKEY_ERROR_MESSAGE = 'Biometric unlock failed. You can try again or use email.';

/** A failure inside the gate's own passkey steps, already classified. */
export class PasskeyError extends Error {
  constructor(
    readonly code: PasskeyErrorCode,
    message: string = PASSKEY_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'PasskeyError';
  }
}

const isCode = (value: unknown): value is PasskeyErrorCode =>
  typeof value === 'string' && (PASSKEY_ERROR_CODES as readonly string[]).includes(value);

/** @simplewebauthn/browser's WebAuthnError codes that say more than the DOMException name. */
const WEBAUTHN_CODES: Record<string, PasskeyErrorCode> = {
  ERROR_CEREMONY_ABORTED: 'abort',
  ERROR_INVALID_DOMAIN: 'security',
  ERROR_INVALID_RP_ID: 'rp_id_mismatch',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'invalid_state',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'platform_unavailable',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'platform_unavailable',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'unsupported',
};

/** DOMException names raised by navigator.credentials.create()/get(). */
const DOM_NAMES: Record<string, PasskeyErrorCode> = {
  NotAllowedError: 'not_allowed',
  SecurityError: 'security',
  InvalidStateError: 'invalid_state',
  TimeoutError: 'timeout',
  AbortError: 'abort',
  NotSupportedError: 'unsupported',
};

/** Service error codes (the error envelope's `code`, or register-verify's `error`) that are not spec codes as such. */
const SERVER_CODES: Record<string, PasskeyErrorCode> = {
  challenge_expired: 'verification_failed',
  invalid_proof: 'verification_failed',
  too_many_passkeys: 'invalid_state',
  network_error: 'server',
  invalid_response: 'server',
};

/**
 * Classify anything a passkey step threw: a PasskeyError, @simplewebauthn/browser's WebAuthnError
 * (by its code, then by the DOMException name it carries), a bare DOMException, or a service
 * error with a `code` (ApiError). Anything else is 'server' when it came from the service, or
 * undefined (the default message applies).
 */
export function toPasskeyErrorCode(error: unknown): PasskeyErrorCode | undefined {
  if (error instanceof PasskeyError) return error.code;
  if (!error || typeof error !== 'object') return undefined;
  const { name, code, status, message, cause } = error as {
    name?: unknown;
    code?: unknown;
    status?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  // WebAuthnError keeps the DOMException's name and adds an ERROR_* code.
  if (typeof code === 'string' && code.startsWith('ERROR_')) {
    if (code in WEBAUTHN_CODES) return WEBAUTHN_CODES[code];
    if (code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && cause) return toPasskeyErrorCode(cause);
  }
  if (typeof name === 'string' && name in DOM_NAMES) return DOM_NAMES[name];
  if (typeof message === 'string' && /WebAuthn is not supported/i.test(message)) return 'unsupported';
  if (typeof code === 'string') {
    if (isCode(code)) return code;
    if (code in SERVER_CODES) return SERVER_CODES[code];
  }
  if (typeof status === 'number') return 'server';
  return undefined;
}

/** The message for a code (or for anything thrown); the spec's default when nothing more is known. */
export function passkeyErrorMessage(codeOrError: PasskeyErrorCode | unknown): string {
  const code = isCode(codeOrError) ? codeOrError : toPasskeyErrorCode(codeOrError);
  return code ? PASSKEY_ERROR_MESSAGES[code] : DEFAULT_PASSKEY_ERROR_MESSAGE;
}

/** Codes after which the stored (legacy) passkey data must be cleared and a new passkey registered. */
export function needsReRegistration(code: PasskeyErrorCode | undefined): boolean {
  return code === 'rp_context_changed' || code === 'rp_id_mismatch';
}
