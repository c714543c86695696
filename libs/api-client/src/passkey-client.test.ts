import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_PROOF, MOCK_USER_HANDLE, passkeyHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createPasskeyClient } from './passkey-client';

const server = createMockServer(passkeyHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createPasskeyClient({ baseUrl: 'http://api.test' });
const rp = { rpId: 'croft.test', origin: 'https://croft.test' };
const attResp = { id: 'aWQ', rawId: 'aWQ', response: { clientDataJSON: 'e30', attestationObject: 'o2M' }, clientExtensionResults: {}, type: 'public-key' as const };
const authResp = { id: 'aWQ', rawId: 'aWQ', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {}, type: 'public-key' as const };

describe('passkey client', () => {
  it('registers and authenticates against the contract (linked member)', async () => {
    const created = await client.registerOptions({ displayName: 'Ada', ...rp });
    expect(created.userHandle).toBe(MOCK_USER_HANDLE);
    expect(created.options.rp.id).toBe('croft.test');
    expect(created.options.authenticatorSelection).toMatchObject({ residentKey: 'required', authenticatorAttachment: 'platform' });
    await expect(client.registerVerify({ userHandle: created.userHandle, attResp, ...rp })).resolves.toEqual({
      verified: true,
      userHandle: MOCK_USER_HANDLE,
      requiresLinking: false,
    });
    const requested = await client.authOptions({ discoverable: true, ...rp });
    expect('options' in requested && requested.options.rpId).toBe('croft.test');
    const verified = await client.authVerify({ authResp, ...rp });
    expect(verified).toEqual({ verified: true, userHandle: MOCK_USER_HANDLE, hasExistingLink: true, proof: MOCK_PROOF });
    const session = await client.createSession({ userHandle: MOCK_USER_HANDLE, email: 'ada@example.com', proof: MOCK_PROOF });
    expect(session.success && session.session.user.email).toBe('ada@example.com');
    await expect(client.clear({ userHandle: MOCK_USER_HANDLE, proof: MOCK_PROOF })).resolves.toBeUndefined();
    await expect(client.checkMembership({ userHandle: MOCK_USER_HANDLE })).resolves.toEqual({ linked: true, isLinked: true, linkedAndActive: true, active: true });
  });

  it('links a membership with the emailed code', async () => {
    server.use(...passkeyHandlers({ state: 'not_linked', code: '654321' }));
    await expect(client.checkMembership({ userHandle: MOCK_USER_HANDLE })).resolves.toMatchObject({ linkedAndActive: false });
    await expect(client.startLink({ userHandle: MOCK_USER_HANDLE, email: 'ada@example.com' })).resolves.toBeUndefined();
    await expect(client.verifyLink({ userHandle: MOCK_USER_HANDLE, email: 'ada@example.com', code: '000000' })).rejects.toMatchObject({ status: 400, code: 'invalid_code' });
    await expect(client.verifyLink({ userHandle: MOCK_USER_HANDLE, email: 'ada@example.com', code: '654321' })).resolves.toBeUndefined();
  });

  it('surfaces not_subscribed, no_credentials and server errors', async () => {
    server.use(...passkeyHandlers({ state: 'not_subscribed' }));
    await expect(client.startLink({ userHandle: MOCK_USER_HANDLE, email: 'ada@example.com' })).rejects.toMatchObject({ status: 403, code: 'not_subscribed' });
    server.use(...passkeyHandlers({ state: 'no_credentials' }));
    await expect(client.authOptions({ userHandle: MOCK_USER_HANDLE, ...rp })).resolves.toEqual({ error: 'no_credentials' });
    server.use(...passkeyHandlers({ state: 'server_error' }));
    await expect(client.checkMembership({ userHandle: MOCK_USER_HANDLE })).rejects.toMatchObject({ status: 500, code: 'server' });
  });

  it('rejects an answer that does not match the contract', async () => {
    const broken = createPasskeyClient({ baseUrl: 'http://api.test', fetch: async () => new Response(JSON.stringify({ linked: 'yes' }), { status: 200 }) });
    await expect(broken.checkMembership({ userHandle: MOCK_USER_HANDLE })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
