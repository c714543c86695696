import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_SIGN_IN_CODE, createStaffMockStore, identityHandlers, secretWordHandlers, staffHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { getSessionClient } from '@croft/session';
import { renderStaff, signInAs, signOutQuietly } from '../staff/testing';

// The staff world (people, staff sign-in) and the secret words, as a staff-only person meets them.
const server = createMockServer([...staffHandlers(), ...secretWordHandlers(), ...identityHandlers()]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.resetHandlers(...staffHandlers({ store: createStaffMockStore() }), ...secretWordHandlers(), ...identityHandlers()));
afterEach(async () => {
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

const SAM = { email: 'sam.staff@croftcommon.co.uk', roles: ['staff' as const] };
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const activeWords = async () => within(await screen.findByRole('list', { name: /^Active words/ })).getAllByRole('listitem');

describe('/cms for a staff-only person (role staff: the secret words, not text, FAQs or images)', () => {
  it('opens the secret words, as the content service lets staff manage them', async () => {
    signInAs(SAM);
    renderStaff('/cms/secret-words');
    expect(await heading('Secret words')).toBeInTheDocument();
    expect((await activeWords()).length).toBeGreaterThan(0);
    expect(screen.queryByText('Not authorised')).not.toBeInTheDocument();
  });

  it.each(['/cms', '/cms/review', '/cms/faq/home', '/cms/history/home/hero/title', '/cms/visual/home'])(
    'refuses %s: it needs an editor or admin',
    async (path) => {
      signInAs(SAM);
      renderStaff(path);
      expect(await heading('Not authorised')).toBeInTheDocument();
      expect(screen.getByText('sam.staff@croftcommon.co.uk')).toBeInTheDocument();
      expect(screen.getByText('Editor or Admin')).toBeInTheDocument();
    },
  );

  it('signs in at /cms/login with the emailed code and the authenticator app, and lands on the secret words', async () => {
    const user = userEvent.setup();
    renderStaff(`/cms/login?next=${encodeURIComponent('/cms/secret-words')}`);
    await user.type(await screen.findByLabelText(/Work email/), SAM.email);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/6-digit code/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText(/Code from your authenticator app/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await heading('Secret words')).toBeInTheDocument();
    expect((await activeWords()).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/cms/secret-words');
    expect(getSessionClient().getSession()?.user.email).toBe(SAM.email);
  });
});

describe('/cms/secret-words for everyone else', () => {
  it('still opens for editors and admins', async () => {
    for (const who of [
      { email: 'ann.editor@croftcommon.co.uk', roles: ['editor' as const] },
      { email: 'admin@croftcommon.co.uk', roles: ['admin' as const] },
    ]) {
      signInAs(who);
      renderStaff('/cms/secret-words');
      expect(await heading('Secret words')).toBeInTheDocument();
      expect((await activeWords()).length).toBeGreaterThan(0);
      cleanup();
      await signOutQuietly();
    }
  });

  it('refuses someone signed in without a staff role, naming the roles it needs', async () => {
    signInAs({ email: 'member@example.com', roles: [] });
    renderStaff('/cms/secret-words');
    expect(await heading('Not authorised')).toBeInTheDocument();
    expect(screen.getByText('Editor, Staff or Admin')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Active words/ })).not.toBeInTheDocument();
  });

  it('sends someone not signed in to the staff sign-in, keeping the way back', async () => {
    renderStaff('/cms/secret-words');
    expect(await heading('Staff sign in')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/cms/login?next=${encodeURIComponent('/cms/secret-words')}`);
  });
});
