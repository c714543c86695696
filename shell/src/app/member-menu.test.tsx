import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@croft/router';
import { ToastProvider, createToastStore } from '@croft/ui';

const signOut = vi.fn();
vi.mock('@croft/session', () => ({ getSessionClient: () => ({ signOut }) }));

const { MemberMenu } = await import('./member-menu');
const { SessionContext } = await import('./session-context');

function setup(signedIn = true) {
  render(
    <ToastProvider store={createToastStore()}>
      <MemoryRouter>
        <SessionContext.Provider value={signedIn ? { email: 'ada@example.com', roles: [] } : null}>
          <MemberMenu />
        </SessionContext.Provider>
      </MemoryRouter>
    </ToastProvider>,
  );
  return userEvent.setup();
}

describe('MemberMenu', () => {
  beforeEach(() => signOut.mockReset());

  it('is absent for visitors', () => {
    setup(false);
    expect(screen.queryByRole('button', { name: 'Member' })).toBeNull();
  });

  it('lists the member pages in the spec order, then Sign out; Escape closes it', async () => {
    const user = setup();
    const button = screen.getByRole('button', { name: 'Member' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list');
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['My Home', 'Dashboard', 'Profile', 'Ledger', 'Moments', 'Sign out']);
    expect(within(list).getByRole('link', { name: 'Ledger' })).toHaveAttribute('href', '/common-room/member/ledger');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('signs out with the success toast, or shows the failure with its message', async () => {
    const user = setup();
    signOut.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Member' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Signed out successfully')).toBeInTheDocument();
    expect(within(region).getByText('You have been signed out.')).toBeInTheDocument();

    signOut.mockRejectedValueOnce(new Error('Network error'));
    await user.click(screen.getByRole('button', { name: 'Member' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await within(region).findByText('Sign out failed')).toBeInTheDocument();
    expect(within(region).getByText('Network error')).toBeInTheDocument();
  });
});
