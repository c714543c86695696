/** Test helpers for the passkey and membership-link calls, driving a SoftAuthenticator over HTTP. */
import request from 'supertest';
import { expect } from 'vitest';
import { listEmails } from '@croft/maildev';
import {
  authOptionsResponseSchema,
  authVerifyResponseSchema,
  registerOptionsResponseSchema,
  registerVerifyResponseSchema,
  type AuthVerifyResponse,
  type RegisterVerifyResponse,
} from '@croft/contracts';
import { ORIGIN, type Harness } from './harness';
import { SoftAuthenticator, type CeremonyOverrides, type SoftCredential } from './soft-authenticator';

/** What a browser on ORIGIN sends. */
export const RP = { rpId: new URL(ORIGIN).hostname, origin: ORIGIN };

export function post(h: Harness, path: string, body: unknown, ip = '10.20.0.1') {
  return request(h.app).post(`/api/identity${path}`).set('X-Forwarded-For', ip).send(body as object);
}

export function softAuthenticator(options: { aaguid?: string; backedUp?: boolean } = {}): SoftAuthenticator {
  return new SoftAuthenticator({ origin: ORIGIN, ...options });
}

export async function registerOptions(h: Harness, userHandle?: string, proof?: string) {
  const response = await post(h, '/webauthn/register-options', {
    displayName: 'Sam Member',
    ...RP,
    ...(userHandle ? { userHandle } : {}),
    ...(proof ? { proof } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return registerOptionsResponseSchema.parse(response.body);
}

/** register-options + the authenticator's create() + register-verify. */
export async function registerPasskey(
  h: Harness,
  authenticator: SoftAuthenticator,
  userHandle?: string,
  proof?: string,
): Promise<{ userHandle: string; verify: RegisterVerifyResponse }> {
  const { options, userHandle: handle } = await registerOptions(h, userHandle, proof);
  const attResp = authenticator.register(options as never);
  const response = await post(h, '/webauthn/register-verify', { userHandle: handle, attResp, ...RP });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { userHandle: handle, verify: registerVerifyResponseSchema.parse(response.body) };
}

export async function authOptions(h: Harness, userHandle?: string, discoverable?: boolean) {
  const response = await post(h, '/webauthn/auth-options', {
    ...RP,
    ...(userHandle ? { userHandle } : {}),
    ...(discoverable !== undefined ? { discoverable } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return authOptionsResponseSchema.parse(response.body);
}

/** auth-options + the authenticator's get() + auth-verify. */
export async function assertPasskey(
  h: Harness,
  authenticator: SoftAuthenticator,
  userHandle: string | undefined,
  overrides: CeremonyOverrides & { credential?: SoftCredential; discoverable?: boolean } = {},
): Promise<AuthVerifyResponse> {
  const answer = await authOptions(h, userHandle, overrides.discoverable);
  if (!('options' in answer)) throw new Error(`auth-options answered ${JSON.stringify(answer)}`);
  const authResp = authenticator.authenticate(answer.options as never, overrides);
  const response = await post(h, '/webauthn/auth-verify', { ...(userHandle ? { userHandle } : {}), authResp, ...RP });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return authVerifyResponseSchema.parse(response.body);
}

async function mailsTo(h: Harness, email: string) {
  const address = email.trim().toLowerCase();
  return (await listEmails(h.maildev.webUrl)).filter((m) => m.to.some((to) => to.address.toLowerCase() === address));
}

/** POST /membership/start-link, then reads the 6-digit code from the new email in MailDev. */
export async function requestLinkCode(h: Harness, userHandle: string, email: string, ip = '10.21.0.1'): Promise<string> {
  const before = (await mailsTo(h, email)).length;
  const response = await post(h, '/membership/start-link', { userHandle, email }, ip);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toEqual({ sent: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await mailsTo(h, email);
    if (mails.length > before) {
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe('Your Croft Common membership code');
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      return code!;
    }
    if (Date.now() > deadline) throw new Error(`no membership code email reached MailDev for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes the email an active subscriber and links the handle to it with the emailed code. */
export async function linkMembership(h: Harness, userHandle: string, email: string): Promise<void> {
  h.members.add(email);
  const code = await requestLinkCode(h, userHandle, email);
  const response = await post(h, '/membership/verify-link', { userHandle, email, code });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toEqual({ linked: true });
}
