import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { venueEndpoints as venue } from '@croft/contracts';
import { mockEndpoint, mockError, SERVER_ERROR, venueHandlers } from '@croft/mocks';
import { BOOKING_ERRORS, localToday } from './book-rules';
import { BOOK_MESSAGES, BookPage } from './book-page';

const meta = {
  title: 'Site/Pages/Book',
  component: BookPage,
  parameters: { layout: 'fullscreen', msw: { handlers: venueHandlers() } },
} satisfies Meta<typeof BookPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const page = () => within(document.body);

function inDays(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return localToday(d);
}

async function fill(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Tom Hughes');
  await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'tom@example.com');
  fireEvent.change(canvas.getByLabelText(/^Date/), { target: { value: inDays(10) } });
  const party = canvas.getByRole('spinbutton', { name: /^Party size/ });
  await userEvent.clear(party);
  await userEvent.type(party, '8');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: /^Occasion/ }), 'birthday');
}

const send = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: 'Send enquiry' }));

export const Default: Story = {};

export const RequiredFieldsMissing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvas);
    await expect(canvas.getByText(BOOKING_ERRORS.nameMissing)).toBeInTheDocument();
    await expect(canvas.getByText(BOOKING_ERRORS.emailMissing)).toBeInTheDocument();
    await expect(canvas.getByText(BOOKING_ERRORS.dateMissing)).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
  },
};

export const Sending: Story = {
  parameters: { msw: { handlers: [mockEndpoint(venue.sendBookingEnquiry, () => delay('infinite').then(() => mockError(SERVER_ERROR)))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await send(canvas);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Send enquiry/ })).toHaveAttribute('aria-busy', 'true'));
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await send(canvas);
    await expect(await canvas.findByRole('heading', { name: BOOK_MESSAGES.panelHeading })).toBeInTheDocument();
    await expect(await page().findByText(BOOK_MESSAGES.successTitle)).toBeInTheDocument();
  },
};

/** Stored, but neither email went out: the panel says so plainly. */
export const SentButMailFailed: Story = {
  parameters: { msw: { handlers: venueHandlers({ bookingMail: { venue_email: 'failed', guest_email: 'failed' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await send(canvas);
    await expect(await canvas.findByText(/Your enquiry is saved/)).toBeInTheDocument();
  },
};

export const Failed: Story = {
  parameters: {
    msw: {
      handlers: venueHandlers({
        failBookings: { status: 429, code: 'rate_limited', message: 'Too many booking enquiries from your connection. Please try again later, or call us.' },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await send(canvas);
    await expect(await page().findByText(BOOK_MESSAGES.failedTitle)).toBeInTheDocument();
    await expect(page().getByText(/Too many booking enquiries/)).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const MobileErrors: Story = {
  ...RequiredFieldsMissing,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
