import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NUDGE_ERROR_MESSAGES } from '@croft/contracts';
import { SERVER_ERROR, buildSession, identityHandlers, nudgeHandlers, type NudgeMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import NudgesAdmin from './nudges-admin';

const server = listenForTests({ beforeAll, afterEach, afterAll });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open(options: NudgeMockOptions = { world: 'history' }) {
  server.resetHandlers(...nudgeHandlers(options), ...identityHandlers());
  getSessionClient().setSession(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
  render(
    <ToastProvider store={createToastStore()}>
      <MemoryRouter initialEntries={['/admin/nudges']}>
        <NudgesAdmin basePath="/admin/nudges" />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
}

const status = () => screen.getAllByRole('status').find((el) => el.classList.contains('na-result'))!;
const form = () => within(screen.getByRole('form', { name: 'New nudge' }));

async function fill({ title, body, url }: { title?: string; body?: string; url?: string }) {
  if (title !== undefined) await userEvent.type(form().getByRole('textbox', { name: /Title/ }), title);
  if (body !== undefined) await userEvent.type(form().getByRole('textbox', { name: /Message/ }), body);
  if (url !== undefined) await userEvent.type(form().getByRole('textbox', { name: /Link/ }), url);
}

describe('the nudge staff panel', () => {
  it('lists the nudges with their counts, and opens a delivery log with failures and reasons', async () => {
    open();
    const sent = (await screen.findByRole('heading', { name: 'Cinema tickets are out' })).closest('li')!;
    expect(sent).toHaveTextContent('3 targeted · 2 sent · 0 failed · 1 removed · 0 pending · 1 click');
    const scheduled = screen.getByRole('heading', { name: 'Lunch run closes soon' }).closest('li')!;
    expect(scheduled).toHaveTextContent('Scheduled');
    expect(scheduled).toHaveTextContent('Goes out1 Dec 2026, 11:50');
    const toggle = within(sent).getByRole('button', { name: 'Delivery log of Cinema tickets are out' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = await within(sent).findByRole('region', { name: 'Delivery log of Cinema tickets are out' });
    const rows = within(log).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Firefox');
    expect(rows[3]).toHaveTextContent('removed');
    expect(rows[3]).toHaveTextContent('subscription gone (410)');
  });

  it("refuses an incomplete nudge with the contract's words, on the fields, focusing the first", async () => {
    open();
    await screen.findByRole('heading', { name: 'Cinema tickets are out' });
    await fill({ url: 'javascript:alert(1)' });
    await userEvent.click(form().getByRole('button', { name: 'Send nudge now' }));
    expect(await form().findByText('The title is required.')).toBeInTheDocument();
    expect(form().getByText('The message is required.')).toBeInTheDocument();
    expect(form().getByText('Link must be an http(s) address or a path on the site starting with /.')).toBeInTheDocument();
    await waitFor(() => expect(form().getByRole('textbox', { name: /Title/ })).toHaveFocus());
    expect(form().getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the one-person audience and the schedule in words', async () => {
    open();
    await screen.findByRole('heading', { name: 'Cinema tickets are out' });
    await fill({ title: 'Hello', body: 'Just you', url: '/hall' });
    await userEvent.selectOptions(form().getByRole('combobox', { name: /Who gets it/ }), 'email');
    await userEvent.type(form().getByRole('textbox', { name: /Email/ }), 'nope');
    await userEvent.click(form().getByRole('radio', { name: 'Later' }));
    await userEvent.click(form().getByRole('button', { name: 'Schedule nudge' }));
    expect(await form().findByText('Choose the date and time to send it.')).toBeInTheDocument();
    expect(form().getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByText('Email must be an email address.')).toBeInTheDocument();
  });

  it('sends a nudge now to members: the count is announced and the list shows it', async () => {
    open({ world: 'linked' });
    expect(await screen.findByText(/No nudges yet/)).toBeInTheDocument();
    await fill({ title: 'Lunch run', body: 'Closes in ten minutes', url: 'https://croftcommon.co.uk/kitchens' });
    const preview = screen.getByRole('figure', { name: 'Preview on a phone' });
    expect(preview).toHaveTextContent('Lunch run');
    expect(preview).toHaveTextContent('Closes in ten minutes');
    expect(preview).toHaveTextContent('croftcommon.co.uk');
    await userEvent.selectOptions(form().getByRole('combobox', { name: /Who gets it/ }), 'members');
    await userEvent.click(form().getByRole('button', { name: 'Send nudge now' }));
    await waitFor(() => expect(status()).toHaveTextContent('Sent “Lunch run”: 1 of 1 browser so far.'));
    const item = (await screen.findByRole('heading', { name: 'Lunch run' })).closest('li')!;
    expect(item).toHaveTextContent('Members');
    expect(item).toHaveTextContent('1 targeted · 1 sent');
    expect(form().getByRole('textbox', { name: /Title/ })).toHaveValue('');
  });

  it('schedules a weekly nudge for an interest at a London time', async () => {
    open({ world: 'off', now: new Date('2026-11-27T09:00:00Z') });
    await screen.findByText(/No nudges yet/);
    await fill({ title: 'Film night', body: 'Tickets tomorrow', url: '/hall' });
    await userEvent.selectOptions(form().getByRole('combobox', { name: /Who gets it/ }), 'interest');
    await userEvent.selectOptions(form().getByRole('combobox', { name: /Interest/ }), 'Film & Cinema');
    await userEvent.click(form().getByRole('radio', { name: 'Later' }));
    await userEvent.type(form().getByLabelText(/Send on/), '2026-12-03');
    await userEvent.type(form().getByLabelText(/^At/), '18:30');
    await userEvent.selectOptions(form().getByRole('combobox', { name: /Repeat/ }), 'weekly');
    await userEvent.type(form().getByLabelText(/Repeat until/), '2026-12-31');
    await userEvent.click(form().getByRole('button', { name: 'Schedule nudge' }));
    await waitFor(() => expect(status()).toHaveTextContent('Scheduled “Film night” for 3 Dec 2026, 18:30.'));
    const item = (await screen.findByRole('heading', { name: 'Film night' })).closest('li')!;
    expect(item).toHaveTextContent('Interested in Film & Cinema');
    expect(item).toHaveTextContent('Every week until 31 Dec 2026, 23:59');
  });

  it('cancels a scheduled nudge after confirming', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Lunch run closes soon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this nudge?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel nudge' }));
    await waitFor(() => expect(status()).toHaveTextContent('Cancelled “Lunch run closes soon”.'));
    const item = screen.getByRole('heading', { name: 'Lunch run closes soon' }).closest('li')!;
    await waitFor(() => expect(item).toHaveTextContent('Cancelled'));
    expect(within(item).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it("sends a test to one's own devices; with none, says so in the service's words", async () => {
    open({ world: 'linked' });
    await screen.findByText(/No nudges yet/);
    await fill({ title: 'Test', body: 'Does it buzz?', url: '/' });
    await userEvent.click(form().getByRole('button', { name: 'Send a test to my devices' }));
    await waitFor(() => expect(status()).toHaveTextContent('Test sent to your devices: 1 of 1.'));
    expect(await screen.findByText('Test to own devices')).toBeInTheDocument();
  });

  it('a test send with no device of ones own is refused in words', async () => {
    open({ world: 'off' });
    await screen.findByText(/No nudges yet/);
    await fill({ title: 'Test', body: 'Does it buzz?', url: '/' });
    await userEvent.click(form().getByRole('button', { name: 'Send a test to my devices' }));
    expect(await form().findByRole('alert')).toHaveTextContent(NUDGE_ERROR_MESSAGES.no_subscriptions);
  });

  it('the list failing is said in words with Try again', async () => {
    open({ failures: { staff: SERVER_ERROR } });
    expect(await screen.findByText(/^Could not load the nudges: .+/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
