import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_SIGN_IN_CODE, identityHandlers, staffHandlers, createStaffMockStore } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import { createStaffServer, renderStaff, resetStaffWorld, signOutQuietly } from '../testing';

const server = createStaffServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetStaffWorld(server));
afterEach(async () => {
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

const location = () => screen.getByTestId('location').textContent;

async function sendCodeTo(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Work email/), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return user;
}

describe('/cms/login', () => {
  it('signs an editor in with the emailed code and lands on /cms', async () => {
    const { toasts } = renderStaff('/cms/login');
    const user = await sendCodeTo('ann.editor@croftcommon.co.uk');
    expect(await screen.findByText('ann.editor@croftcommon.co.uk')).toBeInTheDocument();
    expect(toasts.getSnapshot().map((t) => t.title)).toContain('Code sent!');
    await user.type(screen.getByLabelText(/6-digit code/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Content management' })).toBeInTheDocument();
    expect(location()).toBe('/cms');
    expect(getSessionClient().getSession()?.user.email).toBe('ann.editor@croftcommon.co.uk');
  });

  it('asks for the authenticator app after the emailed code when they have one, then goes where they were going', async () => {
    renderStaff(`/cms/login?next=${encodeURIComponent('/admin/audit')}`);
    const user = await sendCodeTo('admin@croftcommon.co.uk');
    await user.type(await screen.findByLabelText(/6-digit code/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check it’s you' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code from your authenticator app/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(location()).toBe('/admin/audit');
  });

  it('lands a staff-only person on the staff home (they may not open /cms), with the secret words on it', async () => {
    renderStaff('/cms/login');
    const user = await sendCodeTo('sam.staff@croftcommon.co.uk');
    await user.type(await screen.findByLabelText(/6-digit code/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText(/Code from your authenticator app/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Secret words' })).toHaveAttribute('href', '/cms/secret-words');
  });

  it('shows the service’s words for a wrong code, and lets them try again', async () => {
    renderStaff('/cms/login');
    const user = await sendCodeTo('ann.editor@croftcommon.co.uk');
    await user.type(await screen.findByLabelText(/6-digit code/), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code: Invalid or expired code. Please try again.')).toBeInTheDocument();
    expect(getSessionClient().getSession()).toBeNull();
  });

  it('checks the email first: empty, then malformed', async () => {
    const user = userEvent.setup();
    renderStaff('/cms/login');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Work email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter a valid email.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the service’s refusal when no code could be sent', async () => {
    const store = createStaffMockStore();
    server.resetHandlers(
      ...staffHandlers({ store }),
      ...identityHandlers({ sendFails: { status: 429, code: 'rate_limited', message: 'Too many codes requested. Please wait a few minutes and try again.' } }),
    );
    renderStaff('/cms/login');
    await sendCodeTo('ann.editor@croftcommon.co.uk');
    expect(
      await screen.findByText('Authentication failed: Too many codes requested. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it('never sends anyone off the staff area after sign-in (a foreign ?next= lands on /cms)', async () => {
    renderStaff(`/cms/login?next=${encodeURIComponent('//evil.example/x')}`);
    const user = await sendCodeTo('ann.editor@croftcommon.co.uk');
    await user.type(await screen.findByLabelText(/6-digit code/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Content management' })).toBeInTheDocument();
    expect(location()).toBe('/cms');
  });
});
