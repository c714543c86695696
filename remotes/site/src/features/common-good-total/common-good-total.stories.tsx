import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { venueEndpoints as venue } from '@croft/contracts';
import { mockEndpoint, venueHandlers } from '@croft/mocks';
import { CommonGoodTotal } from './common-good-total';

/** The footer is black with white text; the total inherits its colours. */
const meta = {
  title: 'Site/Footer/CommonGoodTotal',
  component: CommonGoodTotal,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ background: 'var(--cc-color-black)', color: 'var(--cc-color-white)', padding: 'var(--cc-space-5)' }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
  parameters: { msw: { handlers: venueHandlers({ totalCents: 1_330_250 }) } },
} satisfies Meta<typeof CommonGoodTotal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('£13,302.50')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Common Good fund' })).toHaveAttribute('href', '/common-good');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [mockEndpoint(venue.getCommonGoodTotals, () => delay('infinite').then(() => ({ combined_total_cents: 0 })))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('total loading')).toBeInTheDocument();
  },
};

/** The service is down: a dash, never an error message (the failure is only logged). */
export const Unknown: Story = {
  parameters: { msw: { handlers: venueHandlers({ failTotals: true }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('total not available right now')).toBeInTheDocument();
  },
};

export const LargeTotal: Story = {
  parameters: { msw: { handlers: venueHandlers({ totalCents: 123_456_789 }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('£1,234,567.89')).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
