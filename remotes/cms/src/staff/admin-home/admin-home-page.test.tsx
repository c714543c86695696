import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminPanels, type AdminPanel, type AdminPanelProps } from '@croft/contracts/remotes';
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

/** The analytics team's panel as the registry lists it. */
const ANALYTICS_PANEL = adminPanels().find((p) => p.id === 'common_room/Analytics')!;

/** A stand-in for the analytics module: says which screen it was asked for, and where. */
function FakeAnalyticsPanel({ basePath, view }: AdminPanelProps) {
  return <p data-testid="analytics">{`analytics ${view ?? 'own page'} at ${basePath}`}</p>;
}

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
  resetRemote('common_room');
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
    // Site analytics is the analytics team's panel (from the registry), not a 'Coming soon' card.
    expect(screen.queryByText('Site analytics')).not.toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
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
  it('shows the site dashboard from the analytics team’s module on the home, with its card to its own page', async () => {
    const load = vi.fn(async () => ({ default: FakeAnalyticsPanel }));
    provideRemoteLoader({ load });
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    await act(async () => {
      renderStaff('/admin', { panels: [ANALYTICS_PANEL] });
    });
    expect(await screen.findByTestId('analytics')).toHaveTextContent('analytics site at /admin/analytics');
    expect(screen.getByRole('heading', { level: 2, name: 'Site analytics' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Site analytics' })).toHaveAttribute('href', '/admin/analytics');
    expect(load).toHaveBeenCalledWith('common_room/Analytics');
  });

  it('keeps the staff home when the analytics remote does not load, with Retry in place of the dashboard', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    provideRemoteLoader({ load: async () => (fail ? Promise.reject(new Error('ScriptExternalLoadError')) : { default: FakeAnalyticsPanel }) });
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    await act(async () => {
      renderStaff('/admin', { panels: [ANALYTICS_PANEL] });
    });
    expect(await screen.findByText(/^The Common Room didn't load, so the site analytics can't show just now\./)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Member analytics' })).toBeInTheDocument();
    fail = false;
    await act(async () => user.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByTestId('analytics')).toHaveTextContent('analytics site at /admin/analytics');
    log.mockRestore();
  });

  it.each([
    ['/admin/member-analytics', 'Member analytics', 'members'],
    ['/admin/member-analytics-legacy', 'Member analytics (legacy)', 'legacy'],
  ])('%s frames the analytics module’s %s screen', async (path, title, view) => {
    provideRemoteLoader({ load: async () => ({ default: FakeAnalyticsPanel }) });
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    await act(async () => {
      renderStaff(path, { panels: [ANALYTICS_PANEL] });
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByTestId('analytics')).toHaveTextContent(`analytics ${view} at /admin/analytics`);
    expect(screen.getByRole('link', { name: 'Staff area' })).toHaveAttribute('href', '/admin');
  });

  it('keeps member analytics behind the staff guard: an editor without the staff role gets nothing loaded', async () => {
    const load = vi.fn(async () => ({ default: FakeAnalyticsPanel }));
    provideRemoteLoader({ load });
    resetStaffWorld(server);
    signInAs({ email: 'ed.editor@croftcommon.co.uk', roles: ['editor'] });
    renderStaff('/admin/member-analytics', { panels: [ANALYTICS_PANEL] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.queryByTestId('analytics')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await signOutQuietly();
  });

  it('explains member analytics without the analytics module registered', async () => {
    resetStaffWorld(server);
    signInAs({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] });
    renderStaff('/admin/member-analytics-legacy', { panels: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member analytics (legacy)' })).toBeInTheDocument();
    expect(screen.getByText('The analytics screens are not part of this site: no app registers them.')).toBeInTheDocument();
  });
});
