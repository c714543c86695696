import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, within } from 'storybook/test';
import { contentEndpoints as content } from '@croft/contracts';
import { contentHandlers, mockEndpoint } from '@croft/mocks';
import { SecretBeerDialog } from './secret-beer-dialog';
import { FALLBACK_WORDS } from './word-of-the-day';

// A fixed day: 3 January 2026 is day-of-year 2.
const NOW = new Date('2026-01-03T12:00:00Z');

const meta = {
  title: 'Site/Secret beer/SecretBeerDialog',
  component: SecretBeerDialog,
  args: { open: true, onClose: () => undefined, now: NOW },
} satisfies Meta<typeof SecretBeerDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The word of the day from the venue's active words (mock list: stillage, harbourside, gromit...). */
export const WordOfTheDay: Story = {
  parameters: { msw: { handlers: contentHandlers() } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('gromit')).toBeInTheDocument();
    await expect(body.getByText('Not-So-Common IPA: 2.5/5')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [mockEndpoint(content.listSecretWords, () => delay('infinite').then(() => ({ items: [] })))] } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('status')).toHaveTextContent("Finding today's word");
  },
};

/** The content service is down: the built-in beer and Bristol list takes over. */
export const ServiceDown: Story = {
  parameters: { msw: { handlers: contentHandlers({ failures: { secretWords: 503 } }) } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(FALLBACK_WORDS[2])).toBeInTheDocument();
  },
};
