import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { accountHandlers, buildFactor, buildSession, identityHandlers, MOCK_TOTP_SECRET, type AccountMockOptions } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createAccountClient } from '@croft/api-client';
import { createToastStore, ToastProvider } from '@croft/ui';
import { getSessionClient } from '@croft/session';
import { queryWrapper } from '@croft/query/testing';
import CommonRoomRoutes from '../../pages/common-room-routes';

const server = createMockServer([...accountHandlers(), ...identityHandlers()]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Fresh mock state for each test (accountHandlers keeps its passkeys and factors per call). */
function mockAccount(options: AccountMockOptions = {}) {
  server.resetHandlers(...accountHandlers(options), ...identityHandlers());
}

function signIn(aal: 'aal1' | 'aal2' = 'aal1') {
  getSessionClient().setSession(buildSession({ email: 'ada@example.com', aal }));
}

const serverClient = () => createAccountClient({ getAccessToken: () => getSessionClient().getSession()?.access_token ?? null });

function renderProfile(path = '/common-room/member/profile') {
  render(
    <ToastProvider store={createToastStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/common-room/*" element={<CommonRoomRoutes />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
}

const passkeysSection = () => screen.getByRole('region', { name: 'Passkeys' });
const totpSection = () => screen.getByRole('region', { name: 'Two-step verification' });

beforeEach(() => {
  mockAccount();
  signIn();
});

describe('Profile: sign-in and security', () => {
  it('sends a visitor who is not signed in back to the Common Room sign-in', async () => {
    await getSessionClient().signOut();
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Common Room' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign-in and security' })).not.toBeInTheDocument();
  });

  it("shows the member's email and lists their passkeys with created and last-used dates", async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign-in and security' })).toBeInTheDocument();
    const items = await within(passkeysSection()).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('iCloud Keychain');
    expect(items[0]).toHaveTextContent('Created14 March 2026');
    expect(items[0]).toHaveTextContent('Last used2 November 2026');
    expect(items[1]).toHaveTextContent('Google Password Manager');
    expect(items[1]).toHaveTextContent('Last usedNever');
  });

  it('explains how passkeys are added when there are none', async () => {
    mockAccount({ passkeys: [] });
    renderProfile();
    expect(await within(passkeysSection()).findByText(/unlock members' features with Face ID or your fingerprint/)).toBeInTheDocument();
    expect(within(passkeysSection()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('removes a passkey after confirmation, then focuses the next Remove button', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Remove iCloud Keychain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    await waitFor(() => expect(within(passkeysSection()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(passkeysSection()).queryByText('iCloud Keychain')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Google Password Manager' })).toHaveFocus());
    expect((await serverClient().listPasskeys()).map((p) => p.name)).toEqual(['Google Password Manager']);
  });

  it('keeps the passkey when removal is cancelled', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Remove iCloud Keychain' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(within(passkeysSection()).getAllByRole('listitem')).toHaveLength(2);
    expect(await serverClient().listPasskeys()).toHaveLength(2);
  });

  it('enrols an authenticator app: wrong code shows the service message, the right one turns it on at aal2', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await within(totpSection()).findByRole('button', { name: 'Set up an authenticator app' }));
    const link = await within(totpSection()).findByRole('link', { name: 'Open in your authenticator app' });
    expect(link.getAttribute('href')).toMatch(/^otpauth:\/\/totp\/Croft%20Common:ada%40example\.com\?secret=/);
    expect(within(totpSection()).getByText(MOCK_TOTP_SECRET)).toBeInTheDocument();
    const codeField = within(totpSection()).getByRole('textbox', { name: /6-digit code from your app/ });
    expect(codeField).toHaveFocus();

    await user.type(codeField, '000000');
    await user.click(within(totpSection()).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(totpSection()).findByText('Invalid TOTP code entered')).toBeInTheDocument();
    expect(getSessionClient().assurance().currentLevel).toBe('aal1');

    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(within(totpSection()).getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Two-step verification is on')).toBeInTheDocument();
    expect(within(totpSection()).getByText('On: Authenticator app')).toHaveFocus();
    expect(getSessionClient().assurance()).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(getSessionClient().getSession()?.user.factors).toEqual([expect.objectContaining({ friendly_name: 'Authenticator app', status: 'verified' })]);
  });

  it('asks for the code before verifying a short one', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await within(totpSection()).findByRole('button', { name: 'Set up an authenticator app' }));
    const codeField = await within(totpSection()).findByRole('textbox', { name: /6-digit code/ });
    await user.type(codeField, '12');
    await user.click(within(totpSection()).getByRole('button', { name: 'Verify and turn on' }));
    expect(within(totpSection()).getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
  });

  it('removing a verified factor shows the aal2 message from the service at aal1, and removes it at aal2', async () => {
    const user = userEvent.setup();
    mockAccount({ factors: [buildFactor()] });
    renderProfile();
    await user.click(await within(totpSection()).findByRole('button', { name: 'Remove Authenticator app' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Verify with your authenticator app first (AAL2 required).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(totpSection()).getByText('On: Authenticator app')).toBeInTheDocument();

    signIn('aal2');
    await user.click(within(totpSection()).getByRole('button', { name: 'Remove Authenticator app' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Two-step verification removed')).toBeInTheDocument();
    await waitFor(() => expect(within(totpSection()).getByRole('button', { name: 'Set up an authenticator app' })).toHaveFocus());
    expect((await serverClient().getUser()).factors).toEqual([]);
  });

  it('signs out of other devices and stays signed in here', async () => {
    const user = userEvent.setup();
    let scope: string | null = null;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/logout')) scope = new URL(request.url).searchParams.get('scope');
    });
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    expect(await screen.findByText('Signed out of other devices')).toBeInTheDocument();
    expect(scope).toBe('others');
    expect(getSessionClient().getSession()?.user.email).toBe('ada@example.com');
    server.events.removeAllListeners();
  });

  it("shows the service's message when a call fails, and retries", async () => {
    const user = userEvent.setup();
    mockAccount({ fails: { status: 503, code: 'unavailable', message: 'Identity is taking a break.' } });
    renderProfile();
    expect(await within(passkeysSection()).findByRole('alert')).toHaveTextContent('Could not load your passkeys: Identity is taking a break.');
    expect(await within(totpSection()).findByRole('alert')).toHaveTextContent('Identity is taking a break.');
    await user.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    expect(await screen.findByText('Identity is taking a break.', { selector: '.cr-profile__alert' })).toBeInTheDocument();

    mockAccount();
    await user.click(within(passkeysSection()).getByRole('button', { name: /Try again/ }));
    expect(await within(passkeysSection()).findAllByRole('listitem')).toHaveLength(2);
  });
});
