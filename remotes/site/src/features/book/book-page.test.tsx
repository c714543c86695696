import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BookingRequestParsed } from '@croft/contracts';
import { venueHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createVenueClient } from '@croft/api-client';
import { ToastProvider, createToastStore, type ToastStore } from '@croft/ui';
import { queryWrapper } from '@croft/query/testing';
import { BOOKING_ERRORS, latestBookingDate, localToday } from './book-rules';
import { BOOK_MESSAGES, BookPage } from './book-page';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createVenueClient({ baseUrl: 'http://api.test' });
// The mock checks dates against the real clock, so the form's today is the real one too.
const today = localToday();
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return localToday(d);
};

let store: ToastStore;
beforeEach(() => {
  store = createToastStore();
});

function renderPage() {
  return render(
    <ToastProvider store={store}>
      <BookPage client={client} today={today} />
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, date = inDays(10)) {
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tom Hughes');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'tom@example.com');
  fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: date } });
  const party = screen.getByRole('spinbutton', { name: /^Party size/ });
  await user.clear(party);
  await user.type(party, '8');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Occasion/ }), 'birthday');
  await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Corner by the window?');
}

describe('BookPage', () => {
  it('is a labelled form with a date picker that starts today and ends a year ahead', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Book' })).toBeInTheDocument();
    const date = screen.getByLabelText(/^Date/);
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', today);
    expect(date).toHaveAttribute('max', latestBookingDate(today));
    expect(screen.getByRole('spinbutton', { name: /^Party size/ })).toHaveAttribute('max', '200');
    expect(within(screen.getByRole('combobox', { name: /^Occasion/ })).getAllByRole('option')).toHaveLength(6);
  });

  it('shows every missing field inline, focuses the first and sends nothing', async () => {
    const sent: BookingRequestParsed[] = [];
    server.use(...venueHandlers({ onBooking: (b) => sent.push(b) }));
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByRole('spinbutton', { name: /^Party size/ }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAccessibleDescription(BOOKING_ERRORS.nameMissing);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(BOOKING_ERRORS.emailMissing);
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(BOOKING_ERRORS.dateMissing);
    expect(screen.getByRole('spinbutton', { name: /^Party size/ })).toHaveAccessibleDescription(BOOKING_ERRORS.partyMissing);
    expect(sent).toEqual([]);

    // Editing a field clears its error.
    await user.type(name, 'T');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a date in the past and a party of 201 before sending', async () => {
    const sent: BookingRequestParsed[] = [];
    server.use(...venueHandlers({ onBooking: (b) => sent.push(b) }));
    const user = userEvent.setup();
    renderPage();
    await fillValid(user, inDays(-1));
    const party = screen.getByRole('spinbutton', { name: /^Party size/ });
    await user.clear(party);
    await user.type(party, '201');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(BOOKING_ERRORS.datePast);
    expect(party).toHaveAccessibleDescription(BOOKING_ERRORS.partyRange);
    expect(sent).toEqual([]);
  });

  it('sends the enquiry, shows the thank-you panel and a toast', async () => {
    const sent: BookingRequestParsed[] = [];
    server.use(...venueHandlers({ onBooking: (b) => sent.push(b) }));
    const user = userEvent.setup();
    renderPage();
    const date = inDays(10);
    await fillValid(user, date);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('heading', { name: BOOK_MESSAGES.panelHeading })).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Tom Hughes', email: 'tom@example.com', date, party_size: 8, occasion: 'birthday', message: 'Corner by the window?' },
    ]);
    expect(screen.getByText('tom@example.com')).toBeInTheDocument();
    expect(screen.getByText('Birthday')).toBeInTheDocument();
    expect(store.getSnapshot().map((t) => t.title)).toEqual([BOOK_MESSAGES.successTitle]);
    expect(screen.queryByText(/couldn't send you a confirmation email/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send another enquiry' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
  });

  it('says so when the emails did not go out (the enquiry is still saved)', async () => {
    server.use(...venueHandlers({ bookingMail: { venue_email: 'failed', guest_email: 'failed' } }));
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText(/couldn't send you a confirmation email/)).toBeInTheDocument();
    expect(screen.getByText(/Your enquiry is saved/)).toBeInTheDocument();
  });

  it('shows a failure toast with the service message and keeps what was typed', async () => {
    server.use(
      ...venueHandlers({ failBookings: { status: 429, code: 'rate_limited', message: 'Too many booking enquiries from your connection.' } }),
    );
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitForToast(BOOK_MESSAGES.failedTitle);
    expect(store.getSnapshot()[0]).toMatchObject({
      title: BOOK_MESSAGES.failedTitle,
      description: 'Too many booking enquiries from your connection.',
      variant: 'destructive',
    });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Tom Hughes');
  });

  it('uses a generic message when the network fails', async () => {
    server.use(http.post('*/api/venue/bookings', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitForToast(BOOK_MESSAGES.failedTitle);
    expect(store.getSnapshot()[0].description).toBe(BOOK_MESSAGES.failedFallback);
  });
});

async function waitForToast(title: string) {
  await vi.waitFor(() => expect(store.getSnapshot().map((t) => t.title)).toContain(title));
}
