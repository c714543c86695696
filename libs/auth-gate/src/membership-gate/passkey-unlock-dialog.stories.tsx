import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MESSAGES } from '../messages';
import { DEFAULT_PASSKEY_ERROR_MESSAGE, NO_PASSKEY_YET_MESSAGE, PASSKEY_ERROR_MESSAGES } from '../passkey-errors';
import { PasskeyUnlockDialog } from './passkey-unlock-dialog';

const meta = {
  title: 'Auth gate/Passkey unlock',
  component: PasskeyUnlockDialog,
  args: { open: true, onClose: fn(), onUnlock: fn(), onEmailInstead: fn(), support: 'supported' },
} satisfies Meta<typeof PasskeyUnlockDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Use Face ID / Passkey' }));
    await expect(args.onUnlock).toHaveBeenCalled();
    await expect(body.queryByRole('button', { name: 'Email instead' })).toBeNull();
  },
};

export const Waiting: Story = { args: { busy: true } };

export const CreatingPasskey: Story = { args: { busy: true, message: NO_PASSKEY_YET_MESSAGE } };

export const Failed: Story = {
  args: { message: DEFAULT_PASSKEY_ERROR_MESSAGE, tone: 'error', canUseEmail: true },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('alert')).toHaveTextContent(DEFAULT_PASSKEY_ERROR_MESSAGE);
    await userEvent.click(body.getByRole('button', { name: 'Email instead' }));
    await expect(args.onEmailInstead).toHaveBeenCalled();
  },
};

export const ClosedOrTimedOut: Story = { args: { message: PASSKEY_ERROR_MESSAGES.not_allowed, tone: 'error', canUseEmail: true } };

export const UnsupportedBrowser: Story = {
  args: { support: 'unsupported', message: MESSAGES.passkeyUnsupported },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Passkeys are not supported in this browser.')).toBeVisible();
    await expect(body.getByRole('button', { name: 'Use Face ID / Passkey' })).toBeDisabled();
    await expect(body.getByRole('button', { name: 'Email instead' })).toBeEnabled();
  },
};

export const NoBuiltInAuthenticator: Story = {
  args: { support: 'no_platform', message: MESSAGES.passkeyNoPlatform },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('No built-in authenticator available on this device.')).toBeVisible();
    await expect(body.getByRole('button', { name: 'Email instead' })).toBeEnabled();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
