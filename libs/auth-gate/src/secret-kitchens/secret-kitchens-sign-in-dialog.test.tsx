import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToastStore, ToastProvider } from '@croft/ui';
import { SecretKitchensSignInDialog, type SecretKitchensClient } from './secret-kitchens-sign-in-dialog';

function setup(currentSession: { user: { email: string } } | null = null, access = true) {
  const client: SecretKitchensClient = {
    secretKitchenAccess: vi.fn(async () => access),
    sendCode: vi.fn(async () => undefined),
    verifyCode: vi.fn(async () => ({ access_token: 't' })),
  };
  const onSignedIn = vi.fn();
  render(
    <ToastProvider store={createToastStore()}>
      <SecretKitchensSignInDialog open onClose={() => undefined} onSignedIn={onSignedIn} client={client} currentSession={currentSession} />
    </ToastProvider>,
  );
  return { client, onSignedIn, user: userEvent.setup() };
}
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('SecretKitchensSignInDialog', () => {
  it('shows its title and the first-time notice, then sends a code without creating users for 176400 s', async () => {
    const { client, user } = setup();
    expect(screen.getByRole('heading', { name: 'Sign In to Secret Kitchens' })).toBeInTheDocument();
    expect(screen.getByText(/First time signing in\? We’ll email you a code.*After that, your email is all you need\./)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'Chef@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(client.secretKitchenAccess).toHaveBeenCalledWith('Chef@Example.com');
    expect(client.sendCode).toHaveBeenCalledWith({ email: 'Chef@Example.com', createUser: false, sessionDuration: 176400 });
    expect(await screen.findByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
  });

  it('refuses an email without access', async () => {
    const { client, user } = setup(null, false);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await toasts().findByText('This email address is not authorized for Secret Kitchens.')).toBeInTheDocument();
    expect(client.sendCode).not.toHaveBeenCalled();
  });

  it('signs in directly when already signed in with the same email', async () => {
    const session = { user: { email: 'chef@example.com' } };
    const { client, onSignedIn, user } = setup(session);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'CHEF@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(onSignedIn).toHaveBeenCalledWith(session);
    expect(client.sendCode).not.toHaveBeenCalled();
    expect(await toasts().findByText('Welcome back!')).toBeInTheDocument();
  });

  it("shows 'Validation error' when the access check fails", async () => {
    const { client, user } = setup();
    vi.mocked(client.secretKitchenAccess).mockRejectedValueOnce(new Error('Service unavailable'));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'chef@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await toasts().findByText('Validation error')).toBeInTheDocument();
    expect(client.sendCode).not.toHaveBeenCalled();
  });
});
