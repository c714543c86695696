import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CINEMA_MESSAGES } from '@croft/contracts';
import { buildSession, cinemaHandlers, identityHandlers, SERVER_ERROR, type CinemaMockOptions } from '@croft/mocks';
import CinemaBooking from './cinema-booking';
import { signedInFor, signOutQuietly } from '@croft/session/testing';

const mocks = (options: CinemaMockOptions = {}) => ({ msw: { handlers: [...cinemaHandlers(options), ...identityHandlers()] } });

const meta = {
  title: 'Cinema/Booking',
  component: CinemaBooking,
  args: { open: true, onClose: fn() },
  parameters: mocks(),
  beforeEach: signedInFor(buildSession({ email: 'ada@example.com' })),
} satisfies Meta<typeof CinemaBooking>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async (canvasElement: HTMLElement) => within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Secret Cinema Club' }));

export const PlentyLeft: Story = {
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByRole('textbox', { name: /Your name/ })).toBeVisible();
  },
};

export const BookTwo: Story = {
  // Its own mock state: the booking it makes stays out of the other stories.
  parameters: mocks(),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await userEvent.type(await d.findByRole('textbox', { name: /Your name/ }), 'Ada Lovelace');
    await userEvent.selectOptions(d.getByRole('combobox', { name: /Tickets/ }), '2');
    await userEvent.type(d.getByRole('textbox', { name: /guest's name/ }), 'Charles Babbage');
    await userEvent.click(d.getByRole('button', { name: 'Book 2 tickets' }));
    await expect(await d.findByRole('button', { name: 'Resend email' })).toBeVisible();
  },
};

export const OneLeft: Story = {
  parameters: mocks({ world: 'one-left' }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByText('Only one ticket is left.')).toBeVisible();
  },
};

export const SoldOut: Story = {
  parameters: mocks({ world: 'sold-out' }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  },
};

export const AlreadyBooked: Story = {
  parameters: mocks({ world: 'booked' }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByText('#12 and #13')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Cancel my tickets' })).toBeVisible();
  },
};

export const OnTheWaitingList: Story = {
  parameters: mocks({ world: 'waiting' }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByText(/number 3 in line/)).toBeVisible();
  },
};

export const SeatsHeldForYou: Story = {
  parameters: mocks({ world: 'offered' }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByText(/Seats came back for you/)).toBeVisible();
    await expect(d.getByRole('button', { name: 'Book my 2 tickets' })).toBeVisible();
  },
};

export const StatusFails: Story = {
  parameters: mocks({ failures: { status: SERVER_ERROR } }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const EmailFails: Story = {
  parameters: mocks({ emailFails: true }),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await userEvent.type(await d.findByRole('textbox', { name: /Your name/ }), 'Ada');
    await userEvent.click(d.getByRole('button', { name: 'Book 1 ticket' }));
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByText(CINEMA_MESSAGES.emailFailedAfterBooking.description)).toBeVisible());
  },
};

export const SignedOut: Story = {
  beforeEach: signOutQuietly,
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByText(/you'll sign in with an emailed code/)).toBeVisible();
  },
};

export const OnAPhone: Story = {
  parameters: mocks(),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(await d.findByRole('textbox', { name: /Your name/ })).toBeVisible();
  },
};
