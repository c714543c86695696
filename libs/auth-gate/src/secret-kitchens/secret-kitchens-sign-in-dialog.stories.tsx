import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createIdentityClient } from '@croft/api-client';
import { identityHandlers } from '@croft/mocks';
import { SecretKitchensSignInDialog } from './secret-kitchens-sign-in-dialog';

const meta = {
  title: 'Auth gate/Secret Kitchens sign-in',
  component: SecretKitchensSignInDialog,
  args: { open: true, onClose: fn(), onSignedIn: fn(), client: createIdentityClient(), currentSession: null },
  parameters: { msw: { handlers: identityHandlers({ secretKitchenEmails: ['chef@example.com'] }) } },
} satisfies Meta<typeof SecretKitchensSignInDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const b = body(canvasElement);
    await expect(await b.findByRole('heading', { name: 'Sign In to Secret Kitchens' })).toBeVisible();
    await expect(b.getByText(/After that, your email is all you need\./)).toBeVisible();
  },
};

export const CodeStep: Story = {
  play: async ({ canvasElement }) => {
    const b = body(canvasElement);
    await userEvent.type(await b.findByRole('textbox', { name: /Email/ }), 'chef@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await expect(await b.findByRole('heading', { name: 'Enter verification code' })).toBeVisible();
  },
};

export const NotAuthorized: Story = {
  play: async ({ canvasElement }) => {
    const b = body(canvasElement);
    await userEvent.type(await b.findByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await expect(await b.findByText('This email address is not authorized for Secret Kitchens.')).toBeVisible();
  },
};

export const AlreadySignedIn: Story = {
  args: { currentSession: { user: { email: 'chef@example.com' } } },
  play: async ({ canvasElement, args }) => {
    const b = body(canvasElement);
    await userEvent.type(await b.findByRole('textbox', { name: /Email/ }), 'chef@example.com');
    await userEvent.click(b.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith(args.currentSession));
    await expect(await b.findByText('Welcome back!')).toBeVisible();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
