import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPanel, AdminPanelProps } from '@croft/contracts/remotes';
import { provideRemoteLoader, resetRemote } from '@croft/federation-bridge';
import { createStaffServer, renderStaff, resetStaffWorld, signInAs, signOutQuietly } from '../testing';

// A fake registry entry: the cinema team's admin panel. The loader checks every id against the
// registry's kinds; this one is answered as an admin module, everything else as registered.
vi.mock('@croft/contracts/remotes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@croft/contracts/remotes')>();
  return {
    ...actual,
    kindOfModule: (id: string) => (id === 'cinema/AdminPanel' ? 'admin' : actual.kindOfModule(id as never)),
  };
});

const CINEMA_PANEL: AdminPanel = {
  id: 'cinema/AdminPanel' as AdminPanel['id'],
  remote: 'cinema',
  title: 'Cinema',
  path: 'cinema',
  description: 'Screenings, tickets and the door list.',
};

function FakeCinemaPanel({ basePath }: AdminPanelProps) {
  return <h1>Cinema admin at {basePath}</h1>;
}

const server = createStaffServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  resetRemote('cinema');
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('/admin: the staff home', () => {
  it('links an admin to every staff screen, and lists those still to come', async () => {
    resetStaffWorld(server);
    signInAs({ email: 'jo.manager@croftcommon.co.uk', roles: ['editor', 'admin'] });
    renderStaff('/admin', { panels: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as jo.manager@croftcommon.co.uk')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'People' })).toHaveAttribute('href', '/admin/people');
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
    expect(screen.getByRole('link', { name: 'Content management' })).toHaveAttribute('href', '/cms');
    expect(screen.getByRole('link', { name: 'Secret words' })).toHaveAttribute('href', '/cms/secret-words');
    expect(screen.getByRole('link', { name: 'Secret Kitchens admin' })).toHaveAttribute('href', '/secretkitchenadmin');
    expect(screen.getByRole('link', { name: 'Member analytics' })).toHaveAttribute('href', '/admin/member-analytics');
    expect(screen.getByRole('link', { name: 'Member analytics (legacy)' })).toHaveAttribute('href', '/admin/member-analytics-legacy');
    expect(screen.getByText('Site analytics').closest('li')).toHaveTextContent('Coming soon');
    expect(screen.queryByRole('link', { name: 'Site analytics' })).not.toBeInTheDocument();
    // The cinema team's panel comes from the remote registry, not a 'Coming soon' card.
    expect(screen.queryByText('Secret cinema')).not.toBeInTheDocument();
    expect(screen.getByText(/No other team has added a staff screen yet/)).toBeInTheDocument();
  });

  it('shows staff only what they may open, and says what needs another role', async () => {
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    renderStaff('/admin', { panels: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'People' })).not.toBeInTheDocument();
    expect(screen.getByText('People, Audit log: need the Admin role.')).toBeInTheDocument();
    expect(screen.getByText('Content management: needs the Editor or Admin role.')).toBeInTheDocument();
    // The secret words are staff's too (the content service takes editor, staff or admin).
    expect(screen.getByRole('link', { name: 'Secret words' })).toHaveAttribute('href', '/cms/secret-words');
    expect(screen.getByRole('link', { name: 'Member analytics' })).toBeInTheDocument();
  });

  it('shows a card for an admin panel registered by another remote, and loads it through federation when opened', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async () => ({ default: FakeCinemaPanel }));
    provideRemoteLoader({ load });
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    renderStaff('/admin', { panels: [CINEMA_PANEL] });
    const card = await screen.findByRole('link', { name: 'Cinema' });
    expect(card).toHaveAttribute('href', '/admin/cinema');
    expect(screen.queryByText(/No other team has added/)).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    // use() of the federated module resolves inside act, as in the bridge's own tests.
    await act(async () => user.click(card));
    expect(await screen.findByRole('heading', { name: 'Cinema admin at /admin/cinema' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('cinema/AdminPanel');
  });

  it('shows the remote fallback with Retry when a panel’s remote does not load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    provideRemoteLoader({ load: async () => Promise.reject(new Error('ScriptExternalLoadError')) });
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    await act(async () => {
      renderStaff('/admin/cinema/screenings', { panels: [CINEMA_PANEL] });
    });
    expect(await screen.findByRole('heading', { level: 1, name: "We can't open this just now" })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent("Secret cinema booking didn't load");
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    log.mockRestore();
  });
});
