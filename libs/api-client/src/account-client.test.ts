import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { accountHandlers, buildFactor, buildSession } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createAccountClient } from './account-client';

const server = createMockServer(accountHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const base = 'http://api.test';
let token: string | null = buildSession({ email: 'ada@example.com' }).access_token;
const client = createAccountClient({ baseUrl: base, getAccessToken: () => token });

describe('account client', () => {
  it('lists and removes passkeys with the bearer token', async () => {
    server.resetHandlers(...accountHandlers());
    const passkeys = await client.listPasskeys();
    expect(passkeys.map((p) => p.name)).toEqual(['iCloud Keychain', 'Google Password Manager']);
    await client.deletePasskey(passkeys[0].id);
    expect(await client.listPasskeys()).toHaveLength(1);
    await expect(client.deletePasskey('bm9wZQ')).rejects.toMatchObject({ status: 404, code: 'passkey_not_found' });
  });

  it('enrols, challenges and verifies TOTP into an aal2 session that parses with the contract', async () => {
    server.resetHandlers(...accountHandlers({ code: '654321' }));
    const enrolment = await client.enrolTotp({ friendlyName: 'Phone', issuer: 'Croft Common' });
    expect(enrolment.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    const first = await client.challengeFactor(enrolment.id);
    await expect(client.verifyFactor({ factorId: enrolment.id, challengeId: first.id, code: '123456' })).rejects.toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
    });
    const session = await client.verifyFactor({ factorId: enrolment.id, challengeId: first.id, code: '654321' });
    expect(session.user.factors).toEqual([expect.objectContaining({ id: enrolment.id, status: 'verified' })]);
    expect((await client.getUser()).factors[0]?.status).toBe('verified');
  });

  it('refuses to delete a verified factor without aal2, as the service does', async () => {
    server.resetHandlers(...accountHandlers({ factors: [buildFactor()] }));
    await expect(client.deleteFactor(buildFactor().id)).rejects.toMatchObject({ status: 403, code: 'aal2_required' });
  });

  it('signs out other sessions with scope=others', async () => {
    let seen = '';
    server.resetHandlers(
      http.post(`${base}/api/identity/logout`, ({ request }) => {
        seen = `${new URL(request.url).search} ${request.headers.get('authorization')}`;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await client.signOutOthers();
    expect(seen).toBe(`?scope=others Bearer ${token}`);
  });

  it('fails without calling the service when there is no session, and rejects answers off contract', async () => {
    const saved = token;
    token = null;
    await expect(client.listPasskeys()).rejects.toMatchObject({ status: 401, code: 'not_signed_in' });
    token = saved;
    server.resetHandlers(http.get(`${base}/api/identity/passkeys`, () => HttpResponse.json({ passkeys: [{ id: 1 }] })));
    await expect(client.listPasskeys()).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
