import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LAST_ADMIN_MESSAGE, PROTECTED_ADMIN_MESSAGE } from '@croft/contracts';
import { buildPerson } from '@croft/mocks';
import { createStaffServer, renderStaff, resetStaffWorld, signInAs, signOutQuietly } from '../testing';

const server = createStaffServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

const ADMIN = { email: 'jo.manager@croftcommon.co.uk', roles: ['editor', 'admin'] as const, mfa: true, aal: 'aal2' as const };
const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });
const box = (role: string, email: string) => screen.getByRole('checkbox', { name: `${role}: ${email}` });

async function openPeople(world: Parameters<typeof resetStaffWorld>[1] = {}, as = ADMIN) {
  const store = resetStaffWorld(server, world);
  signInAs({ ...as, roles: [...as.roles] });
  const rendered = renderStaff('/admin/people');
  await screen.findByRole('table');
  return { store, ...rendered };
}

describe('/admin/people', () => {
  it('lists everyone with roles, pending grants, authenticator apps and the protected first admin', async () => {
    await openPeople();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(row('admin@croftcommon.co.uk')).toHaveTextContent('First admin');
    expect(box('Admin', 'admin@croftcommon.co.uk')).toBeChecked();
    expect(box('Admin', 'admin@croftcommon.co.uk')).toBeDisabled();
    expect(box('Editor', 'ann.editor@croftcommon.co.uk')).toBeChecked();
    expect(box('Staff', 'ann.editor@croftcommon.co.uk')).not.toBeChecked();
    expect(within(row('ann.editor@croftcommon.co.uk')).getByText('Off')).toBeInTheDocument();
    expect(within(row('sam.staff@croftcommon.co.uk')).getByText('On')).toBeInTheDocument();
    expect(row('new.starter@croftcommon.co.uk')).toHaveTextContent('Pending: roles apply at first sign-in');
  });

  it('grants a role with its checkbox, announces it and reads the list again', async () => {
    const user = userEvent.setup();
    const { store, toasts } = await openPeople();
    await user.click(box('Staff', 'ann.editor@croftcommon.co.uk'));
    await waitFor(() => expect(toasts.getSnapshot().map((t) => t.title)).toContain('Roles saved'));
    expect(toasts.getSnapshot().find((t) => t.title === 'Roles saved')?.description).toBe('ann.editor@croftcommon.co.uk: Editor, Staff.');
    expect(store.people.find((p) => p.email === 'ann.editor@croftcommon.co.uk')?.roles).toEqual(['editor', 'staff']);
    await waitFor(() => expect(box('Staff', 'ann.editor@croftcommon.co.uk')).toBeChecked());
    expect(store.identityAudit.at(-1)).toMatchObject({ action: 'role.granted', target: 'ann.editor@croftcommon.co.uk', detail: 'staff granted' });
  });

  it('revokes a role; taking someone’s last role away takes them off the list', async () => {
    const user = userEvent.setup();
    const { store } = await openPeople();
    await user.click(box('Editor', 'jo.manager@croftcommon.co.uk'));
    await waitFor(() => expect(box('Editor', 'jo.manager@croftcommon.co.uk')).not.toBeChecked());
    expect(box('Admin', 'jo.manager@croftcommon.co.uk')).toBeChecked();
    expect(store.identityAudit.at(-1)).toMatchObject({ action: 'role.revoked', target: 'jo.manager@croftcommon.co.uk', detail: 'editor revoked' });
    await user.click(box('Staff', 'new.starter@croftcommon.co.uk'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /new\.starter/ })).not.toBeInTheDocument());
    expect(store.identityAudit.at(-1)).toMatchObject({ target: 'new.starter@croftcommon.co.uk', detail: 'staff revoked (pending first sign-in)' });
    await user.click(box('Editor', 'ann.editor@croftcommon.co.uk'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /ann\.editor/ })).not.toBeInTheDocument());
  });

  it('adds a person by email with the roles ticked (a pending grant)', async () => {
    const user = userEvent.setup();
    const { store, toasts } = await openPeople();
    const form = screen.getByRole('form', { name: 'Add a person or set their roles' });
    await user.type(within(form).getByLabelText(/^Email/), '  Kim.New@CroftCommon.co.uk ');
    await user.click(within(form).getByRole('checkbox', { name: /^Editor/ }));
    await user.click(within(form).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /kim\.new@croftcommon\.co\.uk/ })).toBeInTheDocument());
    expect(row('kim.new@croftcommon.co.uk')).toHaveTextContent('Pending');
    expect(store.people.find((p) => p.email === 'kim.new@croftcommon.co.uk')?.roles).toEqual(['editor']);
    expect(toasts.getSnapshot().map((t) => t.description)).toContain('kim.new@croftcommon.co.uk: Editor.');
    expect(within(form).getByLabelText(/^Email/)).toHaveValue('');
  });

  it('refuses a malformed email in the contract’s words and no role at all, sending nothing', async () => {
    const user = userEvent.setup();
    const { store } = await openPeople();
    const before = store.people.length;
    const form = screen.getByRole('form', { name: 'Add a person or set their roles' });
    await user.type(within(form).getByLabelText(/^Email/), 'kim at croft');
    await user.click(within(form).getByRole('checkbox', { name: /^Staff/ }));
    await user.click(within(form).getByRole('button', { name: 'Save roles' }));
    expect(within(form).getByText('Email must be an email address.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Email/));
    await user.type(within(form).getByLabelText(/^Email/), 'kim@croftcommon.co.uk');
    await user.click(within(form).getByRole('checkbox', { name: /^Staff/ }));
    await user.click(within(form).getByRole('button', { name: 'Save roles' }));
    expect(within(form).getByText('Pick at least one role to grant.')).toBeInTheDocument();
    expect(store.people).toHaveLength(before);
  });

  it('shows protected_admin in the service’s words', async () => {
    const user = userEvent.setup();
    await openPeople();
    const form = screen.getByRole('form', { name: 'Add a person or set their roles' });
    await user.type(within(form).getByLabelText(/^Email/), 'admin@croftcommon.co.uk');
    await user.click(within(form).getByRole('checkbox', { name: /^Editor/ }));
    await user.click(within(form).getByRole('button', { name: 'Save roles' }));
    expect((await screen.findByText(PROTECTED_ADMIN_MESSAGE)).closest('[role="alert"]')).not.toBeNull();
    expect(box('Admin', 'admin@croftcommon.co.uk')).toBeChecked();
  });

  it('shows last_admin in the service’s words and keeps the checkbox as it was', async () => {
    const user = userEvent.setup();
    await openPeople({ people: [buildPerson({ email: 'jo.manager@croftcommon.co.uk', user_id: 'u1', roles: ['admin'], mfa: true })] });
    await user.click(box('Admin', 'jo.manager@croftcommon.co.uk'));
    expect((await screen.findByText(LAST_ADMIN_MESSAGE)).closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(box('Admin', 'jo.manager@croftcommon.co.uk')).toBeChecked());
  });

  it('tells an admin without an authenticator app to set one up (aal2_required)', async () => {
    const user = userEvent.setup();
    await openPeople({}, { email: 'jo.manager@croftcommon.co.uk', roles: ['editor', 'admin'], mfa: false, aal: 'aal1' } as never);
    expect(screen.getByText(/Changing roles needs an authenticator app/)).toBeInTheDocument();
    await user.click(box('Staff', 'ann.editor@croftcommon.co.uk'));
    const alert = (await screen.findByText('Verify with your authenticator app first (AAL2 required).')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Set up an authenticator app on your profile' })).toHaveAttribute(
      'href',
      '/common-room/member/profile',
    );
    expect(box('Staff', 'ann.editor@croftcommon.co.uk')).not.toBeChecked();
  });

  it('says when the list cannot be read, with Try again', async () => {
    resetStaffWorld(server, { peopleFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } });
    signInAs({ ...ADMIN, roles: ['admin'] });
    renderStaff('/admin/people');
    expect(await screen.findByText('The people list could not be loaded: Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
