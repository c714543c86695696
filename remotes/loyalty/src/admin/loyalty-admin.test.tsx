import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  MOCK_LOYALTY_MEMBER_EMAIL,
  buildLoyaltyCard,
  buildLoyaltyEntry,
  buildSession,
  identityHandlers,
  loyaltyHandlers,
  type LoyaltyWorldName,
} from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import LoyaltyAdmin, { formatWhen } from './loyalty-admin';

const server = listenForTests({ beforeAll, afterEach, afterAll });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open(world: LoyaltyWorldName = 'three-punches') {
  server.resetHandlers(...loyaltyHandlers({ world }), ...identityHandlers());
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
    const results = await screen.findByRole('region', { name: 'Cards of nobody@example.com' });
    expect(await within(results).findByText('No member with that email.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No member with that email.');
  });

  it('a member with no card yet: says so', async () => {
    open('no-card');
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    const results = await screen.findByRole('region', { name: `Cards of ${MOCK_LOYALTY_MEMBER_EMAIL}` });
    expect(await within(results).findByText('This member has no loyalty card yet.')).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: /Void/ })).not.toBeInTheDocument();
  });

  it('the open card first, then the completed ones, with their dates in London time', async () => {
    open();
    const card = buildLoyaltyCard({ punches_count: 1, created_at: '2026-11-24T09:00:00.000Z' });
    const done = buildLoyaltyCard({
      card_type: 'lucky7',
      punches_required: 0,
      rewards_required: 7,
      rewards_count: 7,
      is_complete: true,
      created_at: '2026-10-01T08:00:00.000Z',
      completed_at: '2026-10-24T23:30:00.000Z',
    });
    const entry = buildLoyaltyEntry(card, 3, { created_at: '2026-11-24T09:12:00.000Z' });
    server.use(
      http.get('*/api/loyalty/staff/cards', () =>
        HttpResponse.json({ email: MOCK_LOYALTY_MEMBER_EMAIL, cards: [{ card, entries: [entry] }, { card: done, entries: [] }] }),
      ),
    );
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['Regular card (open)', 'Lucky 7 card (completed)']);
    expect(screen.getByText(/Punches 1\/6 · Reward 0\/1 · started 24 Nov 2026 09:00$/)).toBeInTheDocument();
    // 23:30 UTC on 24 October is 00:30 on the 25th in London (summer time).
    expect(screen.getByText('Free coffees 7/7 · started 1 Oct 2026 09:00 · completed 25 Oct 2026 00:30')).toBeInTheDocument();
    const thumb = screen.getByRole('img', { name: 'Box 3 punch photo, added 24 Nov 2026 09:12' });
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb).toHaveAttribute('src', entry.thumbUrl);
    expect(screen.getByRole('status')).toHaveTextContent(`2 cards for ${MOCK_LOYALTY_MEMBER_EMAIL}.`);
  });

  it('looking the same address up again asks the service again', async () => {
    open('no-card');
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    expect(await screen.findByText('This member has no loyalty card yet.', { selector: 'p' })).toBeInTheDocument();
    const card = buildLoyaltyCard({ punches_count: 1 });
    server.use(http.get('*/api/loyalty/staff/cards', () => HttpResponse.json({ email: MOCK_LOYALTY_MEMBER_EMAIL, cards: [{ card, entries: [buildLoyaltyEntry(card, 1)] }] })));
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/Punches 1\/6 · Reward 0\/1/)).toBeInTheDocument();
  });

  it('a malformed address is refused before anything is sent', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByText("Enter the member's email address.")).toBeInTheDocument();
    await lookUp('not-an-email');
    expect(screen.getByText('Enter the email address the member signs in with, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Member email/ })).toHaveAccessibleDescription(/like name@example.com/);
    expect(screen.queryByRole('heading', { name: /Cards of/ })).not.toBeInTheDocument();
  });

  it('voiding needs a reason (the contract words), then takes the photo off and says so', async () => {
    open();
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    await userEvent.click(await screen.findByRole('button', { name: 'Void the photo in box 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the photo in box 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    expect(within(dialog).getByText('Say why this photo is being voided.')).toBeInTheDocument();
    // Two characters (after trimming) are not a reason either.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  ok  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    expect(within(dialog).getByText('Say why this photo is being voided.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The same cup as box 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    expect(await screen.findByText('Photo voided')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Punches 2\/6 · Reward 0\/1/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Void the photo in box 2' })).not.toBeInTheDocument();
    // Its button is gone: focus goes back to the results rather than the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: `Cards of ${MOCK_LOYALTY_MEMBER_EMAIL}` })).toHaveFocus());
  });

  it('cancelling a void sends nothing and the next photo starts with a blank reason', async () => {
    open();
    await lookUp(MOCK_LOYALTY_MEMBER_EMAIL);
    await userEvent.click(await screen.findByRole('button', { name: 'Void the photo in box 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Void the photo in box 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void photo' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Half a reason');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(/Punches 3\/6 · Reward 0\/1/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Void the photo in box 3' }));
    dialog = await screen.findByRole('dialog', { name: 'Void the photo in box 3?' });
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('');
    expect(within(dialog).queryByText('Say why this photo is being voided.')).not.toBeInTheDocument();
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
    expect(screen.getByRole('img', { name: /^Box 1 punch photo/ })).toBeInTheDocument();
  });

  it('dates read as in London whatever the zone', () => {
    expect(formatWhen('2026-11-24T09:12:00.000Z')).toBe('24 Nov 2026 09:12');
    expect(formatWhen('2026-06-24T09:12:00.000Z')).toBe('24 Jun 2026 10:12');
  });
});
