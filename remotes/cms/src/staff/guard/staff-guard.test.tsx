import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_SIGN_IN_CODE } from '@croft/mocks';
import { getSessionClient, SESSION_HINT_KEY } from '@croft/session';
import { createStaffServer, renderStaff, resetStaffWorld, signInAs, signOutQuietly } from '../testing';
import { pageClock, RESTORE_WAIT_MS } from '../session';

const realClock = pageClock.sinceLoadMs;

const server = createStaffServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetStaffWorld(server));
afterEach(async () => {
  pageClock.sinceLoadMs = realClock;
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

const location = () => screen.getByTestId('location').textContent;

describe('the staff guard', () => {
  it('sends someone not signed in to the staff sign-in, keeping where they were going', async () => {
    renderStaff('/admin/people?tab=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(location()).toBe(`/cms/login?next=${encodeURIComponent('/admin/people?tab=1')}`);
  });

  it('guards /cms too, but never the sign-in page itself', async () => {
    renderStaff('/cms/faq/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(location()).toBe(`/cms/login?next=${encodeURIComponent('/cms/faq/home')}`);
  });

  it('waits while a returning person’s session comes back from the cookie', async () => {
    pageClock.sinceLoadMs = () => 500;
    localStorage.setItem(SESSION_HINT_KEY, '1');
    renderStaff('/admin');
    expect(screen.getByText('Checking your sign-in')).toBeInTheDocument();
    act(() => signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('stops waiting once the shell drops the hint (no session came back)', async () => {
    pageClock.sinceLoadMs = () => 500;
    localStorage.setItem(SESSION_HINT_KEY, '1');
    renderStaff('/admin');
    expect(screen.getByText('Checking your sign-in')).toBeInTheDocument();
    localStorage.removeItem(SESSION_HINT_KEY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
  });

  it('does not wait on a page that has been open a while: the shell restores only at load', async () => {
    pageClock.sinceLoadMs = () => RESTORE_WAIT_MS + 1;
    localStorage.setItem(SESSION_HINT_KEY, '1');
    renderStaff('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
  });

  it('says who they are and which role is needed when they lack it, with sign out and home', async () => {
    const user = userEvent.setup();
    signInAs({ email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] });
    renderStaff('/admin/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent("You're signed in as ann.editor@croftcommon.co.uk, with the Editor role.");
    expect(main).toHaveTextContent('This page needs the Admin role.');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(getSessionClient().getSession()).toBeNull();
  });

  it('lets an editor into /cms but not /admin (staff or admin)', async () => {
    signInAs({ email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] });
    renderStaff('/cms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content management' })).toBeInTheDocument();
  });

  it('names every accepted role for /admin, and someone with no role at all', async () => {
    signInAs({ email: 'visitor@example.com', roles: [] });
    renderStaff('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('signed in as visitor@example.com, with no staff role.');
    expect(screen.getByRole('main')).toHaveTextContent('This page needs the Staff or Admin role.');
  });

  it('asks for the authenticator app when they have one but the session is aal1, then opens the page', async () => {
    const user = userEvent.setup();
    signInAs({ email: 'admin@croftcommon.co.uk', roles: ['admin'], mfa: true, aal: 'aal1' });
    renderStaff('/admin/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check it’s you' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Code from your authenticator app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid TOTP code entered')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Code from your authenticator app/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
    expect(location()).toBe('/admin/people');
  });
});
