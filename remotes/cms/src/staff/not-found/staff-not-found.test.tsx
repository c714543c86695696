import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStaffServer, renderStaff, resetStaffWorld, signInAs, signOutQuietly } from '../testing';

const server = createStaffServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetStaffWorld(server));
afterEach(async () => {
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

const location = () => screen.getByTestId('location').textContent;

describe('an unknown staff path', () => {
  it.each(['/admin/no-such-screen', '/admin/people/extra', '/admin/member-analytics/x'])(
    '%s says page not found inside the staff area, and links back to the staff home',
    async (path) => {
      const user = userEvent.setup();
      signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
      renderStaff(path, { panels: [] });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveTextContent(`There is no staff page at ${path}.`);
      expect(screen.queryByRole('heading', { level: 1, name: 'Staff area' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to the staff home' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
      expect(location()).toBe('/admin');
    },
  );

  it.each(['/cms/no-such-editor', '/cms/faq', '/cms/history/home'])(
    '%s says page not found, not the CMS home, and links back to /cms',
    async (path) => {
      signInAs({ email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] });
      renderStaff(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveTextContent(`There is no staff page at ${path}.`);
      expect(screen.queryByRole('heading', { level: 1, name: 'Content management' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to content management' })).toHaveAttribute('href', '/cms');
    },
  );

  it('is still behind the guard: someone signed out is sent to sign in', async () => {
    renderStaff('/admin/no-such-screen', { panels: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(location()).toBe(`/cms/login?next=${encodeURIComponent('/admin/no-such-screen')}`);
  });

  it('keeps the guard for someone signed in without the role', async () => {
    signInAs({ email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] });
    renderStaff('/admin/no-such-screen', { panels: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
  });
});
