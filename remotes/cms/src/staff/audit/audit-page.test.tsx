import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAuditFixtures } from '@croft/mocks';
import { createStaffServer, renderStaff, resetStaffWorld, signInAs, signOutQuietly } from '../testing';
import { AUDIT_PAGE_SIZE } from '../api/audit';

const server = createStaffServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

const ADMIN = { email: 'jo.manager@croftcommon.co.uk', roles: ['admin' as const], mfa: true, aal: 'aal2' as const };
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLTableRowElement[];

async function openAudit(world: Parameters<typeof resetStaffWorld>[1] = {}) {
  resetStaffWorld(server, world);
  signInAs(ADMIN);
  renderStaff('/admin/audit');
}

describe('/admin/audit', () => {
  it('merges identity’s and content’s events newest first', async () => {
    await openAudit({
      identityAudit: buildAuditFixtures('identity', 3, '2026-11-22T12:30:00.000Z', 60),
      contentAudit: buildAuditFixtures('content', 3, '2026-11-22T13:00:00.000Z', 60),
    });
    await screen.findByRole('table');
    const services = bodyRows().map((r) => r.cells[5]?.textContent);
    expect(services).toEqual(['content', 'identity', 'content', 'identity', 'content', 'identity']);
    const stamps = bodyRows().map((r) => r.querySelector('time')?.getAttribute('datetime') ?? '');
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(screen.getByText('6 events')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('ann.editor@croftcommon.co.uk');
  });

  it('shows the cinema team’s and the nudge team’s events beside the others, with their areas', async () => {
    const user = userEvent.setup();
    const sam = { id: 'user-sam', email: 'sam.door@croftcommon.co.uk' };
    await openAudit({
      identityAudit: buildAuditFixtures('identity', 1, '2026-11-22T12:00:00.000Z'),
      contentAudit: [],
      cinemaAudit: [
        { id: 'c'.repeat(24), at: '2026-11-26T19:05:00.000Z', service: 'cinema', actor: sam, action: 'ticket.checked_in', target: '2026-11#7', detail: 'Ada Lovelace (QR)' },
        { id: 'd'.repeat(24), at: '2026-11-20T10:00:00.000Z', service: 'cinema', actor: sam, action: 'screening.updated', target: '2026-11', detail: 'title: Secret Cinema Club → Withnail and I' },
      ],
      nudgeAudit: [{ id: 'e'.repeat(24), at: '2026-11-24T09:00:00.000Z', service: 'nudge', actor: sam, action: 'nudge.composed', target: 'Cinema tickets are out', detail: 'to members, now' }],
    });
    await screen.findByRole('table');
    expect(bodyRows().map((r) => r.cells[5]?.textContent)).toEqual(['cinema', 'nudge', 'identity', 'cinema']);
    expect(bodyRows()[0]).toHaveTextContent('Ada Lovelace (QR)');
    await user.selectOptions(screen.getByLabelText('Area'), 'nudge');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('nudge.composed');
    expect(screen.getByRole('option', { name: 'Cinema check-ins' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Cinema screenings' })).toBeInTheDocument();
  });

  it('loads older events with Load more, each service from its own cursor, never out of order', async () => {
    const user = userEvent.setup();
    // content: 60 events 47 min apart from 18:00; identity: 14 events 211 min apart from 17:20.
    await openAudit();
    await screen.findByRole('table');
    const first = bodyRows().length;
    // content's first page (25) reaches back about 19 h; identity's 14 are all read.
    expect(first).toBeLessThan(AUDIT_PAGE_SIZE + 14);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(first));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(74));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const stamps = bodyRows().map((r) => r.querySelector('time')?.getAttribute('datetime') ?? '');
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(new Set(bodyRows().map((r) => r.textContent)).size).toBe(74);
  });

  it('filters by action area', async () => {
    const user = userEvent.setup();
    await openAudit();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Area'), 'role');
    expect(bodyRows().every((r) => /role\.(granted|revoked)/.test(r.textContent ?? ''))).toBe(true);
    expect(screen.getByText(/events? in Roles/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Area'), 'faq');
    expect(bodyRows().every((r) => (r.textContent ?? '').includes('faq.updated'))).toBe(true);
  });

  it('shows a clear notice when a service fails, and the other service’s events still', async () => {
    await openAudit({ contentAuditFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } });
    expect(
      await screen.findByText(/Page text, FAQs and images \(content\): these events could not be loaded \(Something went wrong\)/),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(bodyRows().length).toBe(14);
    expect(bodyRows().every((r) => r.cells[5]?.textContent === 'identity')).toBe(true);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
