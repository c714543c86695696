import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSession, cinemaHandlers, identityHandlers, type CinemaMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import CinemaAdmin from './cinema-admin';

const server = listenForTests({ beforeAll, afterEach, afterAll });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open(options: CinemaMockOptions = {}) {
  server.resetHandlers(...cinemaHandlers({ delayMs: 0, ...options }), ...identityHandlers());
  getSessionClient().setSession(buildSession({ email: 'door@croftcommon.co.uk', roles: ['staff'] }));
  render(
    <ToastProvider store={createToastStore()}>
      <MemoryRouter initialEntries={['/admin/cinema']}>
        <CinemaAdmin basePath="/admin/cinema" />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
}

describe('the cinema staff panel', () => {
  it("shows the screening's counts and its door list", async () => {
    open();
    expect(await screen.findByText('27 sold · 23 left · 3 in')).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Door list' });
    expect(within(list).getAllByRole('row')).toHaveLength(28);
    expect(screen.getByText('3 of 27 in.')).toBeInTheDocument();
  });

  it('checks a ticket in by number; a second time says it already was', async () => {
    open();
    await screen.findByRole('region', { name: 'Door list' });
    await userEvent.type(screen.getByRole('textbox', { name: /Ticket number/ }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.getByText('Ticket #5: welcome, Charles Babbage.')).toBeInTheDocument());
    expect(await screen.findByText('4 of 27 in.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Ticket number/ }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(/Ticket #5 \(Charles Babbage\) was already checked in at/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Ticket number/ }), '99');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('No ticket with that number for this screening.')).toBeInTheDocument();
  });

  it('saves new details with the version; seats below those sold are refused in words', async () => {
    open();
    const form = await screen.findByRole('form', { name: 'Screening details' });
    const title = within(form).getByRole('textbox', { name: /Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Withnail and I');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Screening saved')).toBeInTheDocument();
    const seats = within(await screen.findByRole('form', { name: 'Screening details' })).getByRole('textbox', { name: /Seats/ });
    await userEvent.clear(seats);
    await userEvent.type(seats, '10');
    await userEvent.click(within(screen.getByRole('form', { name: 'Screening details' })).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The capacity cannot be less than the tickets already sold.')).toBeInTheDocument();
  });

  it('cancels the screening with a reason', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this screening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this screening?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel screening' }));
    expect(within(dialog).getByText('Say why the screening is cancelled (members are told).')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The projector is broken.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel screening' }));
    expect(await screen.findByText('Cancelled: The projector is broken.')).toBeInTheDocument();
  });

  it('Scan QR code without a camera says so in words, and stops', async () => {
    // jsdom has no camera: the scanner says it cannot start; the number box stays.
    open();
    await screen.findByRole('region', { name: 'Door list' });
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByText(/The camera could not start here/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop scanning' }));
    expect(screen.getByRole('button', { name: 'Scan QR code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Ticket number/ })).toBeInTheDocument();
  });
});
