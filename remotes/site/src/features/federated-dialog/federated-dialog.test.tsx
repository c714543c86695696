import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { provideRemoteLoader } from '@croft/federation-bridge';
import { FederatedDialog } from './federated-dialog';

// The host's loader, as the shell provides it.
const runtime = { loadRemote: vi.fn() };
provideRemoteLoader((id) => runtime.loadRemote(id));

function LoyaltyCard({ open }: { open: boolean }) {
  return open ? <h2>Sign in to your loyalty card</h2> : null;
}

describe('FederatedDialog', () => {
  beforeEach(() => runtime.loadRemote.mockReset());

  it('fetches nothing until it first opens, then renders the remote dialog', async () => {
    runtime.loadRemote.mockResolvedValue({ default: LoyaltyCard });
    const { rerender } = render(<FederatedDialog name="loyalty" open={false} onClose={() => undefined} />);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    await act(async () => rerender(<FederatedDialog name="loyalty" open onClose={() => undefined} />));
    expect(await screen.findByRole('heading', { name: 'Sign in to your loyalty card' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('loyalty/LoyaltyCard');
  });

  it('shows a friendly message with Retry when the remote is down, and Retry loads it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008'));
    await act(async () => {
      render(<FederatedDialog name="cinema" open onClose={() => undefined} />);
    });
    expect(await screen.findByText(/Secret cinema booking didn't load/)).toBeInTheDocument();
    runtime.loadRemote.mockResolvedValueOnce({ default: LoyaltyCard });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your loyalty card' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenLastCalledWith('cinema/CinemaBooking');
    log.mockRestore();
  });
});
