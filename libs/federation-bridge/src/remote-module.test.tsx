import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideRemoteLoader, resetRemote } from './loader';
import { RemoteDialog, RemoteModule } from './remote-module';

// The host's runtime, as the shell provides it.
const runtime = { load: vi.fn(), reset: vi.fn() };
provideRemoteLoader({ load: (id) => runtime.load(id), reset: (remote) => runtime.reset(remote) });

function LoyaltyCard({ open }: { open: boolean }) {
  return open ? <h2>Sign in to your loyalty card</h2> : null;
}

describe('RemoteDialog', () => {
  beforeEach(() => {
    runtime.load.mockReset();
    runtime.reset.mockReset();
    resetRemote('loyalty');
    resetRemote('cinema');
  });

  it('fetches nothing until it first opens, then renders the remote dialog', async () => {
    runtime.load.mockResolvedValue({ default: LoyaltyCard });
    const { rerender } = render(<RemoteDialog id="loyalty/LoyaltyCard" open={false} onClose={() => undefined} />);
    expect(runtime.load).not.toHaveBeenCalled();
    await act(async () => rerender(<RemoteDialog id="loyalty/LoyaltyCard" open onClose={() => undefined} />));
    expect(await screen.findByRole('heading', { name: 'Sign in to your loyalty card' })).toBeInTheDocument();
    expect(runtime.load).toHaveBeenCalledWith('loyalty/LoyaltyCard');
  });

  it('shows the failure dialog with Retry when the remote is down; Retry re-registers it and loads it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.load.mockRejectedValueOnce(new Error('RUNTIME-008'));
    const onClose = vi.fn();
    await act(async () => {
      render(<RemoteDialog id="cinema/CinemaBooking" open onClose={onClose} />);
    });
    const sorry = await screen.findByRole('dialog', { name: "We can't open this just now" });
    expect(sorry).toHaveTextContent("Secret cinema booking didn't load");
    expect(log.mock.calls.filter(([msg]) => String(msg).includes('remote "cinema" failed to load'))).toHaveLength(1);

    runtime.load.mockResolvedValueOnce({ default: LoyaltyCard });
    // The retried load resolves inside act, as the first one did.
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'Sign in to your loyalty card' })).toBeInTheDocument();
    expect(runtime.reset).toHaveBeenCalledWith('cinema');
    expect(runtime.load).toHaveBeenLastCalledWith('cinema/CinemaBooking');
    log.mockRestore();
  });

  it('closes the failure dialog through onClose', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.load.mockRejectedValue(new Error('down'));
    const onClose = vi.fn();
    await act(async () => {
      render(<RemoteDialog id="loyalty/LoyaltyCard" open onClose={onClose} />);
    });
    await screen.findByRole('dialog', { name: "We can't open this just now" });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('RemoteModule', () => {
  beforeEach(() => {
    runtime.load.mockReset();
    resetRemote('cms');
  });

  it("hands a loaded module's own render error to the next boundary instead of the fallback", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Overlay is corrupt');
    }
    runtime.load.mockResolvedValue({ default: Broken });
    let caught: unknown = null;
    class Outer extends Component<{ children: ReactNode }, { failed: boolean }> {
      state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      componentDidCatch(error: unknown) {
        caught = error;
      }
      render() {
        return this.state.failed ? <p>outer caught it</p> : this.props.children;
      }
    }
    await act(async () => {
      render(
        <Outer>
          <RemoteModule id="cms/Overlay" loading={null} unavailable={() => <p>fallback</p>}>
            {({ default: Overlay }) => <Overlay />}
          </RemoteModule>
        </Outer>,
      );
    });
    expect(await screen.findByText('outer caught it')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(String(caught)).toMatch(/Overlay is corrupt/);
    log.mockRestore();
  });
});
