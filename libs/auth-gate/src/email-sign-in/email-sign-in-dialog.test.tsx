import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToastStore, ToastProvider } from '@croft/ui';
import { EmailSignInDialog, type EmailSignInClient } from './email-sign-in-dialog';

class ServiceError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function setup(client: Partial<EmailSignInClient> = {}, props: Partial<Parameters<typeof EmailSignInDialog>[0]> = {}) {
  const full: EmailSignInClient = {
    sendCode: vi.fn(async () => undefined),
    verifyCode: vi.fn(async () => ({ access_token: 't' })),
    isEmailDomainAllowed: vi.fn(async () => true),
    ...client,
  };
  const onSignedIn = vi.fn();
  render(
    <ToastProvider store={createToastStore()}>
      <EmailSignInDialog open onClose={() => undefined} onSignedIn={onSignedIn} client={full} {...props} />
    </ToastProvider>,
  );
  return { client: full, onSignedIn, user: userEvent.setup() };
}

const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });

describe('EmailSignInDialog', () => {
  it('asks for the email, then the code, and signs in', async () => {
    const { client, onSignedIn, user } = setup();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(client.sendCode).toHaveBeenCalledWith({ email: 'ada@example.com', createUser: true, sessionDuration: undefined });
    expect(await within(toastRegion()).findByText('Code sent!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();

    const verify = screen.getByRole('button', { name: 'Verify' });
    const code = screen.getByRole('textbox', { name: /6-digit code/ });
    await user.type(code, '12a3-45');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(code, '67');
    expect(code).toHaveValue('123456');
    expect(verify).toBeEnabled();
    await user.click(verify);
    expect(client.verifyCode).toHaveBeenCalledWith({ email: 'ada@example.com', code: '123456' });
    expect(onSignedIn).toHaveBeenCalledWith({ access_token: 't' });
    expect(await within(toastRegion()).findByText('Signed in successfully!')).toBeInTheDocument();
  });

  it('requires an email', async () => {
    const { client, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(client.sendCode).not.toHaveBeenCalled();
    expect(await within(toastRegion()).findByText('Email required')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Please enter your email address.')).toBeInTheDocument();
  });

  it("shows the service's message when sending fails, and 'Failed to send code' otherwise", async () => {
    const sendCode = vi
      .fn()
      .mockRejectedValueOnce(new ServiceError('Too many codes requested. Please wait a few minutes and try again.', 'rate_limited'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = setup({ sendCode });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await within(toastRegion()).findByText('Authentication failed')).toBeInTheDocument();
    expect(within(toastRegion()).getByText(/Too many codes requested/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await within(toastRegion()).findByText('Failed to send code')).toBeInTheDocument();
  });

  it("a flow's own words for a failed code request come first; anything else keeps the usual toast", async () => {
    const sendCode = vi
      .fn()
      .mockRejectedValueOnce(new ServiceError('No account exists for this email address.', 'user_not_found'))
      .mockRejectedValueOnce(new ServiceError('Too many codes requested.', 'rate_limited'));
    const sendErrorToast = (error: unknown) =>
      (error as { code?: string }).code === 'user_not_found' ? { title: 'Account not found', description: 'Please sign up first.' } : undefined;
    const { user } = setup({ sendCode }, { sendErrorToast, createUser: false });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await within(toastRegion()).findByText('Account not found')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Please sign up first.')).toBeInTheDocument();
    expect(sendCode).toHaveBeenCalledWith({ email: 'nobody@example.com', createUser: false, sessionDuration: undefined });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await within(toastRegion()).findByText('Authentication failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("says 'Invalid code' with the service's message, and lets the person go back", async () => {
    const verifyCode = vi.fn().mockRejectedValue(new ServiceError('Invalid or expired code. Please try again.', 'invalid_code'));
    const { user } = setup({ verifyCode });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(toastRegion()).findByText('Invalid code')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Invalid or expired code. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('staff variant: instructions heading, and a domain that is not allowed is refused', async () => {
    const isEmailDomainAllowed = vi.fn(async (email: string) => email.endsWith('@croftcommon.co.uk'));
    const { client, user } = setup({ isEmailDomainAllowed }, { requireAllowedDomain: true });
    expect(screen.getByRole('heading', { name: 'IMPORTANT PLEASE READ INSTRUCTIONS' })).toBeInTheDocument();
    expect(screen.getByText(/draw the secret 7 again/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'someone@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await within(toastRegion()).findByText('Access denied')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('This email address is not authorized.')).toBeInTheDocument();
    expect(client.sendCode).not.toHaveBeenCalled();
  });

  it("a failed domain check is a 'Validation error'", async () => {
    const { client, user } = setup({ isEmailDomainAllowed: vi.fn().mockRejectedValue(new Error('Network error')) }, { requireAllowedDomain: true });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'staff@croftcommon.co.uk');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await within(toastRegion()).findByText('Validation error')).toBeInTheDocument();
    expect(client.sendCode).not.toHaveBeenCalled();
  });
});

describe('EmailSignInDialog with staff detection', () => {
  it('gives an allowed-domain email the instructions at the code step, and anyone else the plain one', async () => {
    const isEmailDomainAllowed = vi.fn(async (email: string) => email.endsWith('@croftcommon.co.uk'));
    const { user } = setup({ isEmailDomainAllowed }, { detectStaff: true });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'events@croftcommon.co.uk');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'IMPORTANT PLEASE READ INSTRUCTIONS' })).toBeInTheDocument();
    expect(screen.getByText(/draw the secret 7 again/)).toBeInTheDocument();
  });
});
