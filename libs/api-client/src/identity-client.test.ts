import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createIdentityClient } from './identity-client';

const server = createMockServer(identityHandlers({ code: '246810', staffDomains: ['croftcommon.co.uk'], secretKitchenEmails: ['chef@example.com'] }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createIdentityClient({ baseUrl: 'http://api.test' });

describe('identity client', () => {
  it('sends a code and exchanges it for a session that parses with the contract', async () => {
    await client.sendCode({ email: 'ada@example.com', createUser: true });
    const session = await client.verifyCode({ email: 'ada@example.com', code: '246810' });
    expect(session.user.email).toBe('ada@example.com');
    expect(session.token_type).toBe('bearer');
  });

  it('raises the service error for a wrong code', async () => {
    await expect(client.verifyCode({ email: 'ada@example.com', code: '000000' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_code',
      message: 'Invalid or expired code. Please try again.',
    });
  });

  it('asks about staff domains and Secret Kitchens access', async () => {
    await expect(client.isEmailDomainAllowed('events@croftcommon.co.uk')).resolves.toBe(true);
    await expect(client.isEmailDomainAllowed('someone@gmail.com')).resolves.toBe(false);
    await expect(client.secretKitchenAccess('chef@example.com')).resolves.toBe(true);
    await expect(client.secretKitchenAccess('ada@example.com')).resolves.toBe(false);
  });
});
