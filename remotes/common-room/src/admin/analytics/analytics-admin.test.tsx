import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANALYTICS_ERROR_MESSAGES, ANALYTICS_TABLE_COLUMNS, type AnalyticsRangeQuery } from '@croft/contracts';
import type { AdminPanelProps } from '@croft/contracts/remotes';
import { SERVER_ERROR, analyticsHandlers, buildAnalyticsOverview, buildSession, identityHandlers, mockSessionId, type AnalyticsMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import AnalyticsAdmin from './analytics-admin';
import { change, count } from './format';

const server = listenForTests({ beforeAll, afterEach, afterAll });
/** Every analytics request's URL, in order. */
let asked: URL[] = [];
/** Files the screen saved (name and text). */
let saved: { name: string; text: Promise<string> }[] = [];

beforeEach(() => {
  // The venue's clock: noon on Thursday 26 November 2026 (only Date is faked; timers run).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
  // jsdom has no canvas: the chart's drawing surface is absent, its text alternative is what shows.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  asked = [];
  saved = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/analytics/')) asked.push(new URL(request.url));
  });
  let pending: Blob | null = null;
  Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => ((pending = blob), 'blob:mock')), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) saved.push({ name: this.download, text: pending.text() });
  });
});
afterEach(async () => {
  server.events.removeAllListeners();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open(options: AnalyticsMockOptions = {}, props: Partial<AdminPanelProps> = {}) {
  server.resetHandlers(...analyticsHandlers(options), ...identityHandlers());
  getSessionClient().setSession(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
  render(
    <MemoryRouter initialEntries={['/admin/analytics']}>
      <AnalyticsAdmin basePath="/admin/analytics" {...props} />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

const WEEK: AnalyticsRangeQuery = { from: '2026-11-20', to: '2026-11-26' };
const MONTH: AnalyticsRangeQuery = { from: '2026-10-28', to: '2026-11-26' };
const kpi = (label: string) => within(screen.getByRole('list', { name: 'Totals for the range' })).getByText(label, { selector: '.an-kpi__label' }).closest('li')!;
const table = (caption: string) => screen.getByRole('table', { name: caption });
const rangeOf = (url: URL) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`;

describe('the site dashboard', () => {
  it('shows the last 7 London days with each figure’s change on the previous period, in words', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site analytics' })).toBeInTheDocument();
    await screen.findByText('Showing 20 Nov 2026 to 26 Nov 2026.');
    const expected = buildAnalyticsOverview({ range: WEEK });
    const visitors = kpi('Visitors');
    expect(visitors).toHaveTextContent(count(expected.totals.visitors));
    expect(visitors).toHaveTextContent(`${change(expected.totals.visitors, expected.previous_totals.visitors).words} (${count(expected.previous_totals.visitors)})`);
    expect(kpi('Bounce rate')).toHaveTextContent(/percentage points on the previous period|the same as the previous period/);
    expect(screen.getByText('20 Nov 2026 to 26 Nov 2026, compared with 13 Nov 2026 to 19 Nov 2026.')).toBeInTheDocument();
    expect(asked.map(rangeOf)).toEqual(['2026-11-20..2026-11-26']);
  });

  it('asks again when the range changes, and compares with the 30 days before', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Showing 20 Nov 2026 to 26 Nov 2026.');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    await screen.findByText('Showing 28 Oct 2026 to 26 Nov 2026.');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('28 Oct 2026 to 26 Nov 2026, compared with 28 Sept 2026 to 27 Oct 2026.')).toBeInTheDocument();
    const expected = buildAnalyticsOverview({ range: MONTH });
    expect(kpi('Page views')).toHaveTextContent(count(expected.totals.page_views));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByText('Showing 26 Nov 2026.');
    expect(asked.map(rangeOf)).toEqual(['2026-11-20..2026-11-26', '2026-10-28..2026-11-26', '2026-11-26..2026-11-26']);
  });

  it('gives the chart a text alternative: a line per series and a table of every day', async () => {
    open();
    const chart = await screen.findByRole('figure', { name: 'Visitors, sessions and page views per day' });
    const expected = buildAnalyticsOverview({ range: WEEK });
    const total = expected.series.reduce((t, p) => t + p.visitors, 0);
    expect(chart).toHaveTextContent(`Visitors: ${count(total)} in all, most on`);
    expect(chart).toHaveTextContent('Sessions:');
    expect(chart).toHaveTextContent('Page views:');
    const numbers = within(chart).getByRole('table', { name: 'Visitors, sessions and page views per day, per day' });
    expect(within(numbers).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Day', 'Visitors', 'Sessions', 'Page views']);
    const rows = within(numbers).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[1]).toHaveTextContent(`20 Nov${count(expected.series[0].visitors)}${count(expected.series[0].sessions)}${count(expected.series[0].page_views)}`);
  });

  it('lists the mock’s pages, referrers, journeys and presses in real tables', async () => {
    open();
    const top = await screen.findByRole('table', { name: 'Top pages' });
    expect(within(top).getAllByRole('row')).toHaveLength(9);
    expect(within(top).getByRole('rowheader', { name: '/hall' })).toBeInTheDocument();
    expect(within(table('Referrers')).getByRole('rowheader', { name: 'instagram.com' })).toBeInTheDocument();
    expect(within(table('Journeys')).getAllByRole('row')[1]).toHaveTextContent('//hall');
    expect(within(table('Most pressed buttons, per page')).getAllByRole('row')[1]).toHaveTextContent('/Book a table');
    for (const caption of ['Entry pages', 'Exit pages', 'Devices', 'Browsers']) expect(table(caption)).toBeInTheDocument();
  });

  it('downloads a table as CSV made from what it shows', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: 'Journeys' });
    await user.click(screen.getByRole('button', { name: 'Download CSV of Journeys' }));
    expect(saved.map((f) => f.name)).toEqual(['journeys-2026-11-20-2026-11-26.csv']);
    const lines = (await saved[0].text).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('From,To,Times');
    expect(lines[1]).toMatch(/^\/,\/hall,\d+$/);
    expect(lines).toHaveLength(7);
  });

  it('says when nothing was recorded', async () => {
    open({ world: 'empty' });
    expect(await screen.findByText('No visits in this range yet.', { selector: '.an-empty' })).toBeInTheDocument();
    expect(kpi('Visitors')).toHaveTextContent('the same as the previous period');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByText('No presses in this range yet.')).toBeInTheDocument();
  });

  it('says a failure in words with Try again, which asks again', async () => {
    const user = userEvent.setup();
    open({ failures: { overview: SERVER_ERROR } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the site analytics: Something went wrong');
    server.resetHandlers(...analyticsHandlers(), ...identityHandlers());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Top pages' })).toBeInTheDocument();
  });

  it('shows the contract’s words for a custom range that ends before it starts', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Showing 20 Nov 2026 to 26 Nov 2026.');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const form = within(screen.getByRole('form', { name: 'Custom range' }));
    await user.clear(form.getByLabelText(/From/));
    await user.type(form.getByLabelText(/From/), '2026-11-30');
    await user.click(form.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ANALYTICS_ERROR_MESSAGES.range_invalid);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(asked.map(rangeOf).at(-1)).toBe('2026-11-30..2026-11-26');
  });
});

describe('member analytics', () => {
  it('shows activity, interests, loyalty, cinema and unlocks by method, each table as CSV', async () => {
    const user = userEvent.setup();
    open({}, { view: 'members' });
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    const unlocks = await screen.findByRole('table', { name: 'Gate unlocks by method' });
    expect(within(unlocks).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Passkey', 'Membership link', 'Emailed code']);
    expect(table('Loyalty punches and rewards')).toHaveTextContent('Punches161');
    expect(table('Cinema bookings')).toHaveTextContent('Bookings21');
    expect(within(table('Members by newsletter interest')).getAllByRole('row').length).toBeGreaterThan(3);
    expect(screen.getByRole('figure', { name: 'Active and new members per day' })).toHaveTextContent('Active members:');
    await user.click(screen.getByRole('button', { name: 'Download CSV of Members by newsletter interest' }));
    const text = (await saved[0].text).replace(/^\uFEFF/, '');
    expect(saved[0].name).toBe('members-by-newsletter-interest-2026-11-20-2026-11-26.csv');
    expect(text.split('\r\n')[0]).toBe('Interest,Members');
    expect(text).toContain('\r\nPrivate Events & Bookings,120\r\n');
  });

  it('asks for the range chosen', async () => {
    const user = userEvent.setup();
    open({}, { view: 'members' });
    await screen.findByText('Showing 20 Nov 2026 to 26 Nov 2026.');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    await screen.findByText('Showing 28 Oct 2026 to 26 Nov 2026.');
    expect(within(screen.getByRole('table', { name: 'Members per day' })).getAllByRole('row')).toHaveLength(31);
    expect(asked.map((u) => `${u.pathname} ${rangeOf(u)}`)).toEqual(['/api/analytics/staff/members 2026-11-20..2026-11-26', '/api/analytics/staff/members 2026-10-28..2026-11-26']);
  });

  it('says which service is not connected when its figures are null', async () => {
    open({ world: 'not-connected' }, { view: 'members' });
    expect(await screen.findByText('Not available: the newsletter service is not connected here.')).toBeInTheDocument();
    expect(screen.getByText('Not available: the loyalty service is not connected here.')).toBeInTheDocument();
    expect(screen.getByText('Not available: the cinema service is not connected here.')).toBeInTheDocument();
    expect(screen.getByText('Not available: the identity service is not connected here.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Members per day' })).toBeInTheDocument();
  });
});

describe('the legacy raw tables', () => {
  it('pages with next_cursor ("Older rows") and back to the newest', async () => {
    const user = userEvent.setup();
    open({}, { view: 'legacy' });
    const first = await screen.findByRole('table', { name: 'Page views (page_views), rows 1 to 50' });
    expect(within(first).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([...ANALYTICS_TABLE_COLUMNS.page_views]);
    await user.click(screen.getByRole('button', { name: 'Older rows' }));
    expect(await screen.findByRole('table', { name: 'Page views (page_views), rows 51 to 84' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older rows' })).not.toBeInTheDocument();
    const [firstAsk, secondAsk] = asked;
    expect(firstAsk.pathname).toBe('/api/analytics/staff/tables/page_views');
    expect(Object.fromEntries(firstAsk.searchParams)).toEqual({ ...WEEK, limit: '50', format: 'json' });
    expect(secondAsk.searchParams.get('before')).toMatch(/^\d+-[a-f0-9]{24}$/);
    await user.click(screen.getByRole('button', { name: 'Newest rows' }));
    expect(await screen.findByRole('table', { name: 'Page views (page_views), rows 1 to 50' })).toBeInTheDocument();
  });

  it('sends the filters and the table chosen, and refuses a bad path before asking', async () => {
    const user = userEvent.setup();
    open({}, { view: 'legacy' });
    await screen.findByRole('table', { name: /rows 1 to 50/ });
    const filters = within(screen.getByRole('form', { name: 'Filters' }));
    await user.type(filters.getByRole('textbox', { name: /Page path/ }), 'hall');
    await user.click(filters.getByRole('button', { name: 'Apply filters' }));
    expect(await filters.findByText('Page path must be a path on this site, starting with / (for example /hall).')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    await user.clear(filters.getByRole('textbox', { name: /Page path/ }));
    await user.type(filters.getByRole('textbox', { name: /Page path/ }), '/hall');
    await user.selectOptions(filters.getByRole('combobox', { name: /Who/ }), 'members');
    await user.click(filters.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(Object.fromEntries(asked[1].searchParams)).toEqual({ ...WEEK, path: '/hall', who: 'members', limit: '50', format: 'json' });
    const rows = within(await screen.findByRole('table', { name: /Page views \(page_views\), rows 1 to/ })).getAllByRole('row').slice(1);
    expect(rows.every((r) => r.textContent?.includes('/hall') && r.textContent.includes('member-'))).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: /Table/ }), 'user_sessions');
    await user.type(filters.getByRole('textbox', { name: /Session id/ }), mockSessionId(3));
    await user.clear(filters.getByRole('textbox', { name: /Page path/ }));
    await user.selectOptions(filters.getByRole('combobox', { name: /Who/ }), '');
    await user.click(filters.getByRole('button', { name: 'Apply filters' }));
    const sessions = await screen.findByRole('table', { name: 'Sessions (user_sessions), rows 1 to 2' });
    expect(within(sessions).getAllByRole('row').slice(1).every((r) => r.textContent?.startsWith(mockSessionId(3)))).toBe(true);
    expect(asked.at(-1)!.pathname).toBe('/api/analytics/staff/tables/user_sessions');
  });

  it('downloads the service’s CSV with the staff token and saves it as a file', async () => {
    const user = userEvent.setup();
    const tokens: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('format=csv')) tokens.push(request.headers.get('authorization'));
    });
    open({}, { view: 'legacy' });
    await screen.findByRole('table', { name: /rows 1 to 50/ });
    await user.selectOptions(screen.getByRole('combobox', { name: /Table/ }), 'user_interactions');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Saved user_interactions-2026-11-20-2026-11-26.csv.')).toBeInTheDocument();
    expect(tokens).toEqual([`Bearer ${getSessionClient().getSession()!.access_token}`]);
    const text = await saved[0].text;
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(ANALYTICS_TABLE_COLUMNS.user_interactions.join(','));
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('says why a download failed', async () => {
    const user = userEvent.setup();
    open({ failures: { csv: SERVER_ERROR } }, { view: 'legacy' });
    await screen.findByRole('table', { name: /rows 1 to 50/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download the CSV: Something went wrong');
  });
});
