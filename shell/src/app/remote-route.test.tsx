import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { resetRemote } from '@croft/federation-bridge';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { RemoteRoute } = await import('./remote-route');
const { RouteErrorBoundary } = await import('./error-view');
const { registerRemoteLocations } = await import('./remote-loader');
const { DEFAULT_LOCATIONS } = await import('./remote-manifest');
const { capturePrerendered } = await import('./prerendered');

function Ledger() {
  return <h1>Ledger</h1>;
}

describe('RemoteRoute', () => {
  beforeEach(() => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    registerRemoteLocations(DEFAULT_LOCATIONS);
    for (const remote of ['site', 'common_room', 'cms'] as const) resetRemote(remote);
  });

  it('renders the page the remote provides for the route', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: { '/calendar': Ledger } });
    await act(async () => {
      render(<RemoteRoute remote="common_room" path="/calendar" />, { wrapper: MemoryRouter });
    });
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('common_room/Routes');
  });

  it('shows the branded fallback when the remote fails, logs once, and Retry loads it again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptExternalLoadError'));
    await act(async () => {
      render(<RemoteRoute remote="common_room" path="/x" />, { wrapper: MemoryRouter });
    });
    expect(await screen.findByRole('heading', { name: "We can't open this just now" })).toBeInTheDocument();
    expect(screen.getByText(/The Common Room didn't load/)).toBeInTheDocument();
    expect(log.mock.calls.filter(([msg]) => String(msg).includes('remote "common_room" failed to load'))).toHaveLength(1);

    runtime.loadRemote.mockResolvedValueOnce({ routes: { '/x': Ledger } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    // Retry asked the runtime to forget the failed entry before loading again.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'common_room', entry: DEFAULT_LOCATIONS.common_room }], { force: true });
    log.mockRestore();
  });

  it('treats a module without a routes map as a failed remote', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockResolvedValue({ default: Ledger });
    await act(async () => {
      render(<RemoteRoute remote="cms" path="/cms/*" />, { wrapper: MemoryRouter });
    });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    log.mockRestore();
  });

  it("hands a remote page's own render error to the router's error view, not the Retry fallback", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Menu data is corrupt');
    }
    runtime.loadRemote.mockResolvedValue({ routes: { '/beer': Broken } });
    await act(async () => {
      render(
        <MemoryRouter>
          <RouteErrorBoundary>
            <RemoteRoute remote="site" path="/beer" />
          </RouteErrorBoundary>
        </MemoryRouter>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Menu data is corrupt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    log.mockRestore();
  });

  it('keeps the prerendered first paint on screen while its page loads, then shows the page', async () => {
    document.body.innerHTML = '<div id="root"><main data-prerendered=""><h1>The Cafe (prerendered)</h1></main></div>';
    capturePrerendered();
    document.body.innerHTML = '';
    resetRemote('site');
    let resolve!: (mod: unknown) => void;
    runtime.loadRemote.mockReturnValue(new Promise((r) => (resolve = r)));
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/']}>
          <RemoteRoute remote="site" path="/" />
        </MemoryRouter>,
      );
    });
    expect(screen.getByRole('heading', { name: 'The Cafe (prerendered)' })).toBeInTheDocument();
    await act(async () => resolve({ routes: { '/': Ledger } }));
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The Cafe (prerendered)' })).not.toBeInTheDocument();
  });

  it('shows the spinner, not a stale prerender, on another path', async () => {
    document.body.innerHTML = '<div id="root"><main data-prerendered=""><h1>Stale</h1></main></div>';
    capturePrerendered();
    document.body.innerHTML = '';
    resetRemote('site');
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/beer']}>
          <RemoteRoute remote="site" path="/beer" />
        </MemoryRouter>,
      );
    });
    expect(screen.queryByRole('heading', { name: 'Stale' })).not.toBeInTheDocument();
  });
});
