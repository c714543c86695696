import { canonicalEmail, identityEndpoints as identity } from '@croft/contracts';
import { mockEndpoint, mockError, type MockFailure } from '../endpoint';
import { buildSession } from './session-factory';
import { MOCK_SIGN_IN_CODE } from './handlers';

/** The passkey user handle the mocks hand out (base64url of 32 bytes). */
export const MOCK_USER_HANDLE = 'Y3JvZnQtY29tbW9uLW1vY2stdXNlci1oYW5kbGUtMDE';
/** The proof auth-verify hands out (43 characters base64url, like the service's). */
export const MOCK_PROOF = 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk';
/** A fixed challenge (base64url); real servers make a new one per ceremony. */
export const MOCK_CHALLENGE = 'bW9jay1jaGFsbGVuZ2UtZm9yLWNyb2Z0LWNvbW1vbi1wYXNza2V5cw';

/**
 * Which world the passkey mocks answer from:
 * - linked: the handle is linked to an active member (check → linked, auth-verify → hasExistingLink).
 * - not_linked: the handle exists but is not linked (link with any subscriber email works).
 * - not_subscribed: as not_linked, but start-link answers 403 not_subscribed.
 * - no_credentials: auth-options answers {error: 'no_credentials'} for a given handle.
 * - server_error: every call answers 500.
 */
export type PasskeyMockState = 'linked' | 'not_linked' | 'not_subscribed' | 'no_credentials' | 'server_error';

export interface PasskeyMockOptions {
  state?: PasskeyMockState;
  /** The membership-link code that verifies (default 123456). */
  code?: string;
}

/** What the server_error state answers. */
const PASSKEY_SERVER_ERROR: MockFailure = { status: 500, code: 'server', message: 'Something went wrong. Please try again.' };

/** The passkey + membership-link endpoints of the identity service (contract in libs/contracts/src/endpoints/identity.ts). */
export function passkeyHandlers(options: PasskeyMockOptions = {}) {
  const state = options.state ?? 'linked';
  const code = options.code ?? MOCK_SIGN_IN_CODE;
  const linked = state === 'linked';
  const serverError = () => mockError(PASSKEY_SERVER_ERROR);
  return [
    mockEndpoint(identity.registerOptions, ({ body }) => {
      if (state === 'server_error') return serverError();
      const userHandle = body.userHandle ?? MOCK_USER_HANDLE;
      return {
        userHandle,
        options: {
          challenge: MOCK_CHALLENGE,
          rp: { name: 'Croft Common', id: body.rpId },
          user: { id: userHandle, name: body.displayName, displayName: body.displayName },
          pubKeyCredParams: [
            { type: 'public-key', alg: -7 },
            { type: 'public-key', alg: -257 },
          ],
          timeout: 60000,
          attestation: 'none',
          excludeCredentials: [],
          authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred', authenticatorAttachment: 'platform' },
        },
      };
    }),
    mockEndpoint(identity.registerVerify, ({ body }) => {
      if (state === 'server_error') return serverError();
      return { verified: true, userHandle: body.userHandle, requiresLinking: !linked };
    }),
    mockEndpoint(identity.authOptions, ({ body }) => {
      if (state === 'server_error') return serverError();
      if (state === 'no_credentials' && body.userHandle) return { error: 'no_credentials' as const };
      return {
        options: { challenge: MOCK_CHALLENGE, rpId: body.rpId, allowCredentials: [], userVerification: 'preferred', timeout: 60000 },
      };
    }),
    mockEndpoint(identity.authVerify, ({ body }) => {
      if (state === 'server_error') return serverError();
      return { verified: true, userHandle: body.userHandle ?? MOCK_USER_HANDLE, hasExistingLink: linked, proof: MOCK_PROOF };
    }),
    mockEndpoint(identity.createPasskeySession, ({ body }) => {
      if (state === 'server_error') return serverError();
      if (!linked) return { success: false as const, error: 'not_linked' as const };
      return { success: true as const, session: buildSession({ email: body.email.toLowerCase() }) };
    }),
    mockEndpoint(identity.clearPasskeys, () => (state === 'server_error' ? serverError() : { cleared: true as const })),
    mockEndpoint(identity.startMembershipLink, ({ body }) => {
      if (state === 'server_error') return serverError();
      if (!canonicalEmail(body.email)) return mockError({ status: 400, code: 'invalid_email', message: 'Please enter a valid email.' });
      if (state === 'not_subscribed') return mockError({ status: 403, code: 'not_subscribed', message: 'That email is not an active subscriber.' });
      return { sent: true as const };
    }),
    mockEndpoint(identity.verifyMembershipLink, ({ body }) => {
      if (state === 'server_error') return serverError();
      if (body.code !== code) return mockError({ status: 400, code: 'invalid_code', message: 'Invalid or expired code. Please try again.' });
      return { linked: true as const };
    }),
    mockEndpoint(identity.checkMembership, () => {
      if (state === 'server_error') return serverError();
      return { linked, isLinked: linked, linkedAndActive: linked, active: linked };
    }),
  ];
}
