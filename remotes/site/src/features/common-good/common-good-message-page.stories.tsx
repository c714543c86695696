import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { venueEndpoints as venue } from '@croft/contracts';
import { mockEndpoint, mockError, SERVER_ERROR, venueHandlers } from '@croft/mocks';
import { CommonGoodMessagePage, MESSAGE_PAGE_TEXT } from './common-good-message-page';
import { MESSAGE_ERRORS } from './message-rules';

const meta = {
  title: 'Site/Pages/CommonGoodMessage',
  component: CommonGoodMessagePage,
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/common-good/message']}>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen', msw: { handlers: venueHandlers() } },
} satisfies Meta<typeof CommonGoodMessagePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);
const messageBox = (canvas: ReturnType<typeof within>) => canvas.getByRole('textbox', { name: /^Your message/ });

export const Default: Story = {};

/** An empty send: the message is marked and focused. */
export const MessageMissing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(canvas.getByText(MESSAGE_ERRORS.messageMissing)).toBeInTheDocument();
    await waitFor(() => expect(messageBox(canvas)).toHaveFocus());
  },
};

/** 251 characters: the counter turns red and the message cannot be sent. */
export const OverTheLimit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(messageBox(canvas), { target: { value: 'a'.repeat(251) } });
    await expect(canvas.getByText('251 / 250')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(canvas.getByText(MESSAGE_ERRORS.messageLong(251))).toBeInTheDocument();
  },
};

export const Sending: Story = {
  parameters: { msw: { handlers: [mockEndpoint(venue.sendCommonGoodMessage, () => delay('infinite').then(() => mockError(SERVER_ERROR)))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(messageBox(canvas), 'A second shelf for the community fridge, please.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: /Send message/ })).toHaveAttribute('aria-busy', 'true'));
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(messageBox(canvas), 'A second shelf for the community fridge, please.');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Priya');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(await canvas.findByRole('heading', { name: MESSAGE_PAGE_TEXT.panelHeading })).toBeInTheDocument();
    await expect(await page().findByText(MESSAGE_PAGE_TEXT.successTitle)).toBeInTheDocument();
  },
};

/** Too many messages from one connection: the service's 429 text in a toast. */
export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: venueHandlers({
        failMessages: {
          status: 429,
          code: 'rate_limited',
          message: "You've sent several messages in the last hour. Thank you! Please try again a little later.",
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(messageBox(canvas), 'One more idea');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(await page().findByText(MESSAGE_PAGE_TEXT.failedTitle)).toBeInTheDocument();
    await expect(page().getByText(/several messages in the last hour/)).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
