import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getResponse, http } from 'msw';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CINEMA_MESSAGES } from '@croft/contracts';
import { MOCK_SIGN_IN_CODE, SERVER_ERROR, buildSession, cinemaHandlers, identityHandlers, type CinemaMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import CinemaBooking from './cinema-booking';

const server = listenForTests({ beforeAll, afterEach, afterAll });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open(options: CinemaMockOptions = {}, { signedIn = true } = {}) {
  server.resetHandlers(...cinemaHandlers({ delayMs: 0, ...options }), ...identityHandlers());
  if (signedIn) getSessionClient().setSession(buildSession({ email: 'ada@example.com' }));
  const onClose = vi.fn();
  const view = render(
    <ToastProvider store={createToastStore()}>
      <CinemaBooking open onClose={onClose} />
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
  return { onClose, view };
}

const dialog = () => screen.findByRole('dialog', { name: 'Secret Cinema Club' });
const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const toastSays = async (title: string, description?: string) => {
  expect(await within(toasts()).findByText(title)).toBeInTheDocument();
  if (description) expect(within(toasts()).getByText(description)).toBeInTheDocument();
};
const form = async () => {
  const d = await dialog();
  await within(d).findByRole('textbox', { name: /Your name/ });
  return within(d);
};

/** The sign-in dialog a signed-out visitor meets: email, the emailed code, Verify. */
async function signInWithCode(email: string) {
  const signIn = await screen.findByRole('dialog', { name: 'Sign in to book' });
  await userEvent.type(within(signIn).getByRole('textbox', { name: /Email/ }), email);
  await userEvent.click(within(signIn).getByRole('button', { name: 'Send code' }));
  await userEvent.type(await screen.findByRole('textbox', { name: /6-digit code/ }), MOCK_SIGN_IN_CODE);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('booking Secret Cinema', () => {
  it('shows the screening, then books 2 with a guest: "Booking confirmed" with the ticket numbers, Resend and Done', async () => {
    const { onClose } = open();
    const d = await form();
    expect(d.getByText('23')).toBeInTheDocument();
    expect(d.getByText('19:00')).toBeInTheDocument();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada Lovelace');
    await userEvent.selectOptions(d.getByRole('combobox', { name: /Tickets/ }), '2');
    await userEvent.type(d.getByRole('textbox', { name: /guest's name/ }), 'Charles Babbage');
    await userEvent.click(d.getByRole('button', { name: 'Book 2 tickets' }));
    await toastSays(CINEMA_MESSAGES.bookingConfirmed.title, 'Your tickets: #28 and #29');
    expect(await d.findByText('#28 and #29')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Resend email' }));
    await toastSays(CINEMA_MESSAGES.emailSent.title);
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("checks the form in the spec's words", async () => {
    open();
    const d = await form();
    await userEvent.click(d.getByRole('button', { name: 'Book 1 ticket' }));
    await toastSays(CINEMA_MESSAGES.nameRequired.title, CINEMA_MESSAGES.nameRequired.description);
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.selectOptions(d.getByRole('combobox', { name: /Tickets/ }), '2');
    await userEvent.click(d.getByRole('button', { name: 'Book 2 tickets' }));
    await toastSays(CINEMA_MESSAGES.guestRequired.title, CINEMA_MESSAGES.guestRequired.description);
  });

  it('with one ticket left, 2 is not offered (it falls back to 1)', async () => {
    open({ world: 'one-left' });
    const d = await form();
    const tickets = d.getByRole('combobox', { name: /Tickets/ });
    expect(within(tickets).getByRole('option', { name: '2 tickets' })).toBeDisabled();
    expect(tickets).toHaveValue('1');
    expect(d.getByText('Only one ticket is left.')).toBeInTheDocument();
  });

  it('the last ticket went to someone else meanwhile: "Only one left", the form falls back to 1', async () => {
    open();
    const d = await form();
    server.use(...cinemaHandlers({ world: 'one-left', delayMs: 0 }));
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.selectOptions(d.getByRole('combobox', { name: /Tickets/ }), '2');
    await userEvent.type(d.getByRole('textbox', { name: /guest's name/ }), 'Bo');
    await userEvent.click(d.getByRole('button', { name: 'Book 2 tickets' }));
    await toastSays(CINEMA_MESSAGES.onlyOneLeft.title, CINEMA_MESSAGES.onlyOneLeft.description);
    await waitFor(() => expect(d.getByRole('combobox', { name: /Tickets/ })).toHaveValue('1'));
  });

  it('sold out: the words, and the waiting list instead of Book', async () => {
    open({ world: 'sold-out' });
    const d = await form();
    expect(d.getByText(/No tickets left for this month\./)).toBeInTheDocument();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Join the waiting list' }));
    await toastSays("You're on the waiting list");
    expect(await d.findByText(/You're on the waiting list: number 4 in line/)).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Leave the waiting list' }));
    expect(await d.findByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
  });

  it('seats held from the waiting list: the member books them with the names they joined with', async () => {
    open({ world: 'offered' });
    const d = within(await dialog());
    expect(await d.findByText(/Seats came back for you: book them by/)).toBeInTheDocument();
    expect(d.queryByRole('textbox', { name: /Your name/ })).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Book my 2 tickets' }));
    await toastSays(CINEMA_MESSAGES.bookingConfirmed.title, 'Your tickets: #49 and #50');
    expect(await d.findByText('#49 and #50')).toBeInTheDocument();
    expect(d.queryByText(/Seats came back for you/)).not.toBeInTheDocument();
  });

  it('a member who has booked sees their tickets and can cancel them', async () => {
    open({ world: 'booked' });
    const d = within(await dialog());
    expect(await d.findByText('#12 and #13')).toBeInTheDocument();
    expect(d.queryByRole('textbox', { name: /Your name/ })).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Cancel my tickets' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel your tickets?' })).getByRole('button', { name: 'Cancel tickets' }));
    await toastSays('Tickets cancelled');
    expect(await d.findByRole('textbox', { name: /Your name/ })).toBeInTheDocument();
  });

  it("the email fails: the booking stands and says 'Use Resend button.'; Resend fails: 'Please check spam…'", async () => {
    open({ emailFails: true });
    const d = await form();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Book 1 ticket' }));
    await toastSays(CINEMA_MESSAGES.emailFailedAfterBooking.title, CINEMA_MESSAGES.emailFailedAfterBooking.description);
    expect(d.getByText('#28')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Resend email' }));
    expect(await within(toasts()).findByText(CINEMA_MESSAGES.resendFailed.description)).toBeInTheDocument();
  });

  it("the status does not load: 'Failed to load', and Try again", async () => {
    open({ failures: { status: SERVER_ERROR } });
    await toastSays(CINEMA_MESSAGES.loadFailed.title, CINEMA_MESSAGES.loadFailed.description);
    server.resetHandlers(...cinemaHandlers({ delayMs: 0 }), ...identityHandlers());
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Try again' }));
    expect(await within(await dialog()).findByRole('textbox', { name: /Your name/ })).toBeInTheDocument();
  });

  it("booking fails: 'Booking failed' / 'Please try again'", async () => {
    open({ failures: { booking: SERVER_ERROR } });
    const d = await form();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Book 1 ticket' }));
    await toastSays(CINEMA_MESSAGES.bookingFailed.title, CINEMA_MESSAGES.bookingFailed.description);
  });

  it("not a member: the service's refusal", async () => {
    open({ notSubscriber: true });
    const d = await form();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Book 1 ticket' }));
    await toastSays(CINEMA_MESSAGES.bookingFailed.title, 'Cinema not available: You must be an active newsletter subscriber to book tickets.');
  });

  it('signed out: Book asks for the emailed code, then books', async () => {
    open({}, { signedIn: false });
    const d = await form();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Book 1 ticket' }));
    await signInWithCode('ada@example.com');
    await toastSays(CINEMA_MESSAGES.bookingConfirmed.title, 'Your ticket: #28');
  });

  it('signed out on a sold-out screening: joins the waiting list after the code, and shows the place even when the first read of it left before the join', async () => {
    const handlers = cinemaHandlers({ delayMs: 0, world: 'sold-out' });
    let joined!: () => void;
    const joinDone = new Promise<void>((resolve) => (joined = resolve));
    server.resetHandlers(
      // The member's first read answers from the state before the join, and arrives after it.
      http.get('*/api/cinema/me', async ({ request }) => {
        const before = await getResponse(handlers, request);
        await joinDone;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return before;
      }, { once: true }),
      http.post('*/api/cinema/waitlist', async ({ request }) => {
        const response = await getResponse(handlers, request);
        joined();
        return response;
      }),
      ...handlers,
      ...identityHandlers(),
    );
    render(
      <ToastProvider store={createToastStore()}>
        <CinemaBooking open onClose={vi.fn()} />
      </ToastProvider>,
      { wrapper: queryWrapper() },
    );
    const d = await form();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Join the waiting list' }));
    await signInWithCode('ada@example.com');
    await toastSays("You're on the waiting list");
    expect(await within(await dialog()).findByText(/You're on the waiting list: number \d+ in line for 1 ticket\./)).toBeInTheDocument();
  });

  it('closing resets the form', async () => {
    const { view } = open();
    const d = await form();
    await userEvent.type(d.getByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.keyboard('{Escape}');
    const again = (isOpen: boolean) => (
      <ToastProvider store={createToastStore()}>
        <CinemaBooking open={isOpen} onClose={() => undefined} />
      </ToastProvider>
    );
    view.rerender(again(false));
    view.rerender(again(true));
    expect(await (await form()).findByRole('textbox', { name: /Your name/ })).toHaveValue('');
  });
});
