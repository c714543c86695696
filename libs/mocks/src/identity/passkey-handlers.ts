import { http, HttpResponse } from 'msw';
import { canonicalEmail, type ErrorEnvelope } from '@croft/contracts';
import { buildSession } from './session-factory';
import { MOCK_SIGN_IN_CODE } from './handlers';

const fail = (status: number, code: string, message: string) =>
  HttpResponse.json<ErrorEnvelope>({ error: { code, message } }, { status });

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

interface RpBody {
  rpId?: string;
  origin?: string;
  userHandle?: string;
  displayName?: string;
  email?: string;
  code?: string;
}

/** The passkey + membership-link routes of the identity service (contract in libs/api-client/src/passkey-client.ts). */
export function passkeyHandlers(options: PasskeyMockOptions = {}) {
  const state = options.state ?? 'linked';
  const code = options.code ?? MOCK_SIGN_IN_CODE;
  const linked = state === 'linked';
  const serverError = () => fail(500, 'server', 'Something went wrong. Please try again.');
  const read = async (request: Request) => ((await request.json().catch(() => ({}))) ?? {}) as RpBody;
  return [
    http.post('*/api/identity/webauthn/register-options', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      const userHandle = body.userHandle ?? MOCK_USER_HANDLE;
      return HttpResponse.json({
        userHandle,
        options: {
          challenge: MOCK_CHALLENGE,
          rp: { name: 'Croft Common', id: body.rpId ?? 'localhost' },
          user: { id: userHandle, name: body.displayName ?? 'Croft Common member', displayName: body.displayName ?? 'Croft Common member' },
          pubKeyCredParams: [
            { type: 'public-key', alg: -7 },
            { type: 'public-key', alg: -257 },
          ],
          timeout: 60000,
          attestation: 'none',
          excludeCredentials: [],
          authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred', authenticatorAttachment: 'platform' },
        },
      });
    }),
    http.post('*/api/identity/webauthn/register-verify', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      return HttpResponse.json({ verified: true, userHandle: body.userHandle ?? MOCK_USER_HANDLE, requiresLinking: !linked });
    }),
    http.post('*/api/identity/webauthn/auth-options', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      if (state === 'no_credentials' && body.userHandle) return HttpResponse.json({ error: 'no_credentials' });
      return HttpResponse.json({
        options: { challenge: MOCK_CHALLENGE, rpId: body.rpId ?? 'localhost', allowCredentials: [], userVerification: 'preferred', timeout: 60000 },
      });
    }),
    http.post('*/api/identity/webauthn/auth-verify', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      return HttpResponse.json({
        verified: true,
        userHandle: body.userHandle ?? MOCK_USER_HANDLE,
        hasExistingLink: linked,
        proof: MOCK_PROOF,
      });
    }),
    http.post('*/api/identity/webauthn/create-session', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      if (!linked) return HttpResponse.json({ success: false, error: 'not_linked' });
      return HttpResponse.json({ success: true, session: buildSession({ email: (body.email ?? 'member@example.com').toLowerCase() }) });
    }),
    http.post('*/api/identity/webauthn/clear', () => (state === 'server_error' ? serverError() : HttpResponse.json({ cleared: true }))),
    http.post('*/api/identity/membership/start-link', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      if (!canonicalEmail(body.email)) return fail(400, 'invalid_email', 'Please enter a valid email.');
      if (state === 'not_subscribed') return fail(403, 'not_subscribed', 'That email is not an active subscriber.');
      return HttpResponse.json({ sent: true });
    }),
    http.post('*/api/identity/membership/verify-link', async ({ request }) => {
      if (state === 'server_error') return serverError();
      const body = await read(request);
      if (body.code !== code) return fail(400, 'invalid_code', 'Invalid or expired code. Please try again.');
      return HttpResponse.json({ linked: true });
    }),
    http.post('*/api/identity/membership/check', () => {
      if (state === 'server_error') return serverError();
      return HttpResponse.json({ linked, isLinked: linked, linkedAndActive: linked, active: linked });
    }),
  ];
}
