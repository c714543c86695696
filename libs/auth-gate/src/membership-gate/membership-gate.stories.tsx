import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createIdentityClient, createPasskeyClient } from '@croft/api-client';
import { identityHandlers, MOCK_SIGN_IN_CODE, MOCK_USER_HANDLE, passkeyHandlers, type PasskeyMockState } from '@croft/mocks';
import { Button } from '@croft/ui';
import { createDeviceStore, createMemoryStorage, DEVICE_STORAGE_KEYS } from '../device-store';
import { MembershipGate } from './membership-gate';
import type { PasskeyApi } from './passkey-api';
import { useMembershipGate } from './use-membership-gate';

// Credentials as a platform authenticator would return them (the mocks do not check signatures).
const fakeCredential = { id: 'c3Rvcnk', rawId: 'c3Rvcnk', clientExtensionResults: {}, type: 'public-key' as const };

function storyPasskeys(support: 'supported' | 'unsupported' | 'no_platform'): PasskeyApi {
  return {
    isSupported: () => support !== 'unsupported',
    platformAuthenticatorAvailable: async () => support === 'supported',
    startAuthentication: async () => ({ ...fakeCredential, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } }),
    startRegistration: async () => ({ ...fakeCredential, response: { clientDataJSON: 'e30', attestationObject: 'o2M', transports: ['internal'] } }),
    cancel: () => undefined,
    prefersDiscoverableAfterRegistration: () => false,
    relyingParty: () => ({ rpId: location.hostname, origin: location.origin }),
  };
}

interface GateDemoProps {
  /** What this device remembers. */
  device: 'new' | 'returning' | 'linked' | 'expired';
  support: 'supported' | 'unsupported' | 'no_platform';
  onAllowed: () => void;
}

/** A page with the gate: the button stands in for the secret gesture. */
function GateDemo({ device: remembered, support, onAllowed }: GateDemoProps) {
  const [options] = useState(() => {
    const local = createMemoryStorage();
    if (remembered === 'returning') local.setItem(DEVICE_STORAGE_KEYS.hasCredentials, '1');
    if (remembered === 'linked' || remembered === 'expired') {
      local.setItem(DEVICE_STORAGE_KEYS.userHandle, MOCK_USER_HANDLE);
      local.setItem(DEVICE_STORAGE_KEYS.hasCredentials, '1');
      const age = remembered === 'linked' ? 1 : 200;
      local.setItem(DEVICE_STORAGE_KEYS.lastSuccessAt, String(Date.now() - age * 24 * 60 * 60 * 1000));
    }
    return {
      client: createPasskeyClient(),
      device: createDeviceStore({ local, session: createMemoryStorage() }),
      passkeys: storyPasskeys(support),
      emailClient: createIdentityClient(),
    };
  });
  const [allowed, setAllowed] = useState(false);
  const gate = useMembershipGate({
    ...options,
    onAllowed: () => {
      setAllowed(true);
      onAllowed();
    },
  });
  return (
    <main>
      <Button onClick={() => void gate.start()}>Open the members’ gate</Button>
      {allowed && <p>Welcome in, member.</p>}
      <MembershipGate gate={gate} emailClient={options.emailClient} onEmailSession={() => undefined} />
    </main>
  );
}

const handlers = (state: PasskeyMockState) => ({ msw: { handlers: [...passkeyHandlers({ state }), ...identityHandlers()] } });

const meta = {
  title: 'Auth gate/Membership gate',
  component: GateDemo,
  args: { device: 'new', support: 'supported', onAllowed: fn() },
  parameters: handlers('linked'),
  tags: ['!autodocs'],
} satisfies Meta<typeof GateDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
async function open(canvasElement: HTMLElement) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Open the members’ gate' }));
}

/** A linked device goes straight in, with the success toast. */
export const LinkedDevice: Story = {
  args: { device: 'linked' },
  play: async ({ canvasElement, args }) => {
    await open(canvasElement);
    await expect(await body(canvasElement).findByText('Croft Common Membership access granted via secure Face ID/Passkey')).toBeVisible();
    await waitFor(() => expect(args.onAllowed).toHaveBeenCalled());
  },
};

/** A device that has a passkey (synced) but no stored handle: the passkey modal, then a linked passkey. */
export const PasskeyUnlock: Story = {
  args: { device: 'returning' },
  play: async ({ canvasElement, args }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await expect(await b.findByRole('heading', { name: 'Croft Common Membership' })).toBeVisible();
    await userEvent.click(b.getByRole('button', { name: 'Use Face ID / Passkey' }));
    await waitFor(() => expect(args.onAllowed).toHaveBeenCalled());
  },
};

export const UnsupportedBrowser: Story = {
  args: { support: 'unsupported' },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await expect(await b.findByText('Passkeys are not supported in this browser.')).toBeVisible();
    await userEvent.click(b.getByRole('button', { name: 'Email instead' }));
    await expect(await b.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  },
};

export const NoBuiltInAuthenticator: Story = {
  args: { support: 'no_platform' },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await expect(await body(canvasElement).findByText('No built-in authenticator available on this device.')).toBeVisible();
  },
};

/** No passkey yet: one is created, then the membership is linked by email code. */
export const CreatePasskeyThenLink: Story = {
  parameters: handlers('not_linked'),
  play: async ({ canvasElement, args }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await userEvent.click(await b.findByRole('button', { name: 'Use Face ID / Passkey' }));
    await expect(await b.findByRole('heading', { name: 'Link your membership' })).toBeVisible();
    await userEvent.type(b.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await expect(await b.findByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await userEvent.type(b.getByRole('textbox', { name: /Code/ }), MOCK_SIGN_IN_CODE);
    await userEvent.click(b.getByRole('button', { name: 'Link membership' }));
    await expect(await b.findByText('Membership Linked')).toBeVisible();
    await waitFor(() => expect(args.onAllowed).toHaveBeenCalled());
  },
};

export const DeviceTrustExpired: Story = {
  args: { device: 'expired' },
  parameters: handlers('not_linked'),
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await expect(await b.findByRole('heading', { name: 'Link your membership' })).toBeVisible();
    await expect(b.getAllByText('For your security, please relink your membership to this device.').length).toBeGreaterThan(0);
  },
};

export const NotSubscribed: Story = {
  args: { device: 'linked' },
  parameters: handlers('not_subscribed'),
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await userEvent.type(await b.findByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await expect(await b.findByText('That email is not an active subscriber.')).toBeVisible();
  },
};

export const InvalidLinkCode: Story = {
  args: { device: 'linked' },
  parameters: handlers('not_linked'),
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await userEvent.type(await b.findByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await b.findByRole('textbox', { name: /Code/ }), '000000');
    await userEvent.click(b.getByRole('button', { name: 'Link membership' }));
    await expect(await b.findByText('Invalid or expired code. Please try again.')).toBeVisible();
  },
};

/** The membership check fails: the link modal opens; sending then fails too. */
export const ServerError: Story = {
  args: { device: 'linked' },
  parameters: handlers('server_error'),
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    const b = body(canvasElement);
    await userEvent.type(await b.findByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await expect(await b.findByText('Could not send code. Please try again.')).toBeVisible();
  },
};
