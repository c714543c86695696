import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@croft/api-client';
import { createToastStore, ToastProvider } from '@croft/ui';
import { createDeviceStore, createMemoryStorage, DEVICE_STORAGE_KEYS } from '../device-store';
import type { EmailSignInClient } from '../email-sign-in/email-sign-in-dialog';
import { MembershipGate } from './membership-gate';
import type { GatePasskeyClient } from './membership-gate-controller';
import type { PasskeyApi } from './passkey-api';
import { useMembershipGate, type MembershipGateHandle } from './use-membership-gate';

const HANDLE = 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc';

interface Options {
  handle?: string;
  hasCredentials?: boolean;
  supported?: boolean;
  platform?: boolean;
  client?: Partial<GatePasskeyClient>;
}

function setup({ handle, hasCredentials = false, supported = true, platform = true, client = {} }: Options = {}) {
  const local = createMemoryStorage();
  if (hasCredentials) local.setItem(DEVICE_STORAGE_KEYS.hasCredentials, '1');
  if (handle) {
    local.setItem(DEVICE_STORAGE_KEYS.userHandle, handle);
    local.setItem(DEVICE_STORAGE_KEYS.lastSuccessAt, String(Date.now() - 1000));
  }
  const device = createDeviceStore({ local, session: createMemoryStorage() });
  const fullClient: GatePasskeyClient = {
    registerOptions: vi.fn(),
    registerVerify: vi.fn(),
    authOptions: vi.fn(async () => Promise.reject(new ApiError(500, 'server', 'x'))),
    authVerify: vi.fn(),
    startLink: vi.fn(async () => undefined),
    verifyLink: vi.fn(async () => undefined),
    checkMembership: vi.fn(async () => ({ linked: false, isLinked: false, linkedAndActive: false, active: false })),
    ...client,
  };
  const passkeys: PasskeyApi = {
    isSupported: () => supported,
    platformAuthenticatorAvailable: async () => platform,
    startAuthentication: vi.fn(),
    startRegistration: vi.fn(),
    cancel: vi.fn(),
    prefersDiscoverableAfterRegistration: () => false,
    relyingParty: () => ({ rpId: 'localhost', origin: 'http://localhost' }),
  };
  const emailClient: EmailSignInClient = { sendCode: vi.fn(async () => undefined), verifyCode: vi.fn(async () => ({})) };
  const onAllowed = vi.fn();
  let gate!: MembershipGateHandle;
  function Harness() {
    gate = useMembershipGate({ onAllowed, client: fullClient, device, passkeys });
    return <MembershipGate gate={gate} emailClient={emailClient} onEmailSession={() => undefined} />;
  }
  render(
    <ToastProvider store={createToastStore()}>
      <Harness />
    </ToastProvider>,
  );
  return { gate: () => gate, client: fullClient, onAllowed, user: userEvent.setup() };
}

const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });

describe('MembershipGate', () => {
  it('shows the passkey unlock modal, and its error with the email fallback', async () => {
    const { gate, user } = setup({ hasCredentials: true });
    await act(() => gate().start());
    expect(screen.getByRole('heading', { name: 'Croft Common Membership' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email instead' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Face ID / Passkey' }));
    expect(await screen.findByText('Could not start Face ID / Passkey. Please try again or use email.')).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Email instead' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each([
    [{ supported: false }, 'Passkeys are not supported in this browser.'],
    [{ platform: false }, 'No built-in authenticator available on this device.'],
  ])('explains an unsupported device (%o)', async (options, text) => {
    const { gate, user } = setup(options);
    await act(() => gate().start());
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use Face ID / Passkey' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Email instead' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('links a membership: validation, service errors, back, and success', async () => {
    const startLink = vi.fn().mockRejectedValueOnce(new ApiError(403, 'not_subscribed', 'x')).mockResolvedValue(undefined);
    const verifyLink = vi.fn().mockRejectedValueOnce(new ApiError(400, 'invalid_code', 'x')).mockResolvedValue(undefined);
    const { gate, user, onAllowed } = setup({ handle: HANDLE, client: { startLink, verifyLink } });
    await act(() => gate().start());
    expect(screen.getByRole('heading', { name: 'Link your membership' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Email/ });

    await user.type(email, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter a valid email.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, '.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('That email is not an active subscriber.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByRole('textbox', { name: /Code/ });
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Link membership' }));
    expect(screen.getByText('Enter the 6\u2011digit code from your email.')).toBeInTheDocument();

    await user.type(code, '456');
    await user.click(screen.getByRole('button', { name: 'Link membership' }));
    expect(await screen.findByText('Invalid or expired code. Please try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Link membership' }));
    expect(await within(toastRegion()).findByText('Membership Linked')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onAllowed).toHaveBeenCalledWith('link');
  });

  it('closing resets the gate', async () => {
    const { gate, user } = setup({ handle: HANDLE });
    await act(() => gate().start());
    await user.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(gate().state).toEqual({ view: 'idle' });
  });
});
