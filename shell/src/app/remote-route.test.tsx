import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { RemoteRoute } = await import('./remote-route');
const { RouteErrorBoundary } = await import('./error-view');
const { registerRemoteLocations } = await import('./remote-loader');
const { DEFAULT_LOCATIONS } = await import('./remote-manifest');

function Ledger() {
  return <h1>Ledger</h1>;
}

describe('RemoteRoute', () => {
  beforeEach(() => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    registerRemoteLocations(DEFAULT_LOCATIONS);
  });

  it('renders the page the remote provides for the route', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: { '/calendar': Ledger } });
    await act(async () => {
      render(<RemoteRoute remote="common_room" path="/calendar" />);
    });
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('common_room/Routes');
  });

  it('shows the branded fallback when the remote fails, logs once, and Retry loads it again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptExternalLoadError'));
    await act(async () => {
      render(<RemoteRoute remote="cinema" path="/x" />);
    });
    expect(await screen.findByRole('heading', { name: "We can't open this just now" })).toBeInTheDocument();
    expect(screen.getByText(/Secret cinema didn't load/)).toBeInTheDocument();
    expect(log.mock.calls.filter(([msg]) => String(msg).includes('remote "cinema" failed to load'))).toHaveLength(1);

    runtime.loadRemote.mockResolvedValueOnce({ routes: { '/x': Ledger } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    // Retry asked the runtime to forget the failed entry before loading again.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'cinema', entry: DEFAULT_LOCATIONS.cinema }], { force: true });
    log.mockRestore();
  });

  it('treats a module without a routes map as a failed remote', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockResolvedValue({ default: Ledger });
    await act(async () => {
      render(<RemoteRoute remote="cms" path="/cms/*" />);
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
});
