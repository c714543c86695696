import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { venueEndpoints as venue } from '@croft/contracts';
import { mockEndpoint, venueHandlers } from '@croft/mocks';
import { CommonGoodPage } from './common-good-page';

const meta = {
  title: 'Site/Pages/CommonGood',
  component: CommonGoodPage,
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/common-good']}>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen', msw: { handlers: venueHandlers() } },
} satisfies Meta<typeof CommonGoodPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('£13,302.50')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/common-good/message');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [mockEndpoint(venue.getCommonGoodTotals, () => delay('infinite').then(() => ({ combined_total_cents: 0 })))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the total')).toBeInTheDocument();
  },
};

export const TotalUnavailable: Story = {
  parameters: { msw: { handlers: venueHandlers({ failTotals: true }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('The total is not available right now')).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
