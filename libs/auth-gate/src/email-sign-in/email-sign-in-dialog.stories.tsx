import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EmailSignInDialog, type EmailSignInClient } from './email-sign-in-dialog';

class ServiceError extends Error {
  code = 'invalid_code';
}

const client: EmailSignInClient = {
  sendCode: async () => undefined,
  verifyCode: async ({ code }) => {
    if (code !== '123456') throw new ServiceError('Invalid or expired code. Please try again.');
    return { access_token: 'demo' };
  },
  isEmailDomainAllowed: async (email) => email.endsWith('@croftcommon.co.uk'),
};

const meta = {
  title: 'Auth gate/Email sign-in',
  component: EmailSignInDialog,
  args: { open: true, onClose: fn(), onSignedIn: fn(), client },
} satisfies Meta<typeof EmailSignInDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmailStep: Story = {};

export const CodeStep: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(body.getByRole('button', { name: 'Send code' }));
    await expect(await body.findByRole('heading', { name: 'Enter verification code' })).toBeVisible();
    await expect(body.getByRole('button', { name: 'Verify' })).toBeDisabled();
  },
};

export const InvalidCode: Story = {
  play: async (context) => {
    await CodeStep.play!(context);
    const body = within(context.canvasElement.ownerDocument.body);
    await userEvent.type(body.getByRole('textbox', { name: /6-digit code/ }), '000000');
    await userEvent.click(body.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(body.getByText('Invalid code')).toBeVisible());
  },
};

export const StaffInstructions: Story = { args: { requireAllowedDomain: true } };

export const SecretKitchens: Story = {
  args: {
    title: 'Sign In to Secret Kitchens',
    createUser: false,
    sessionDuration: 176400,
    notice: 'First time here? We will email you a code. After that, your email is all you need.',
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
