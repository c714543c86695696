import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MOCK_LOYALTY_MEMBER_EMAIL, buildSession, identityHandlers, loyaltyHandlers } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import LoyaltyAdmin from './loyalty-admin';

const server = listenForTests({ beforeAll, afterEach, afterAll });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open() {
  server.resetHandlers(...loyaltyHandlers({ world: 'three-punches' }), ...identityHandlers());
  getSessionClient().setSession(buildSession({ email: 'barista@croftcommon.co.uk', roles: ['staff'] }));
  render(
    <ToastProvider store={createToastStore()}>
      <MemoryRouter initialEntries={['/admin/loyalty']}>
        <LoyaltyAdmin basePath="/admin/loyalty" />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
}

async function lookUp(email: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /Member email/ }), email);
  await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('the loyalty admin panel', () => {
  it("looks a member up: each card with its counter and photos; focus moves to the answer", async () => {
    open();
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    const heading = await screen.findByRole('heading', { name: `Cards of ${MOCK_LOYALTY_MEMBER_EMAIL}` });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText(/Punches 3\/6 · Reward 0\/1/)).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Box \d punch photo, added/ })).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Regular card (open)' })).toBeInTheDocument();
  });

  it('an address that is nobody: the service says so', async () => {
    open();
    await lookUp('nobody@example.com');
    expect(await screen.findByText('No member with that email.', { selector: '[role="alert"]' })).toBeInTheDocument();
  });

  it('a malformed address is refused before anything is sent', async () => {
    open();
    await lookUp('not-an-email');
    expect(screen.getByText('Enter the email address the member signs in with.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Cards of/ })).not.toBeInTheDocument();
  });

  it('voiding needs a reason (the contract words), then takes the photo off and says so', async () => {
    open();
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    await userEvent.click(await screen.findByRole('button', { name: 'Void the photo in box 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the photo in box 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    expect(within(dialog).getByText('Say why this photo is being voided.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The same cup as box 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    expect(await screen.findByText('Photo voided')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Punches 2\/6 · Reward 0\/1/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Void the photo in box 2' })).not.toBeInTheDocument();
  });

  it('a failed void shows why and keeps the photo', async () => {
    open();
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    server.use(http.post('*/api/loyalty/staff/entries/:id/void', () => HttpResponse.json({ error: { code: 'forbidden', message: 'You do not have permission to do this.' } }, { status: 403 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Void the photo in box 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the photo in box 1?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not a coffee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    expect(await within(dialog).findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByText(/Punches 3\/6 · Reward 0\/1/)).toBeInTheDocument();
  });
});
