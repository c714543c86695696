import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { defaultHandlers, venueHandlers } from '@croft/mocks';
import { SiteFooter } from './site-footer';

const meta = {
  title: 'Site/Footer/SiteFooter',
  component: SiteFooter,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen', msw: { handlers: defaultHandlers } },
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form and the total are chunks of their own, fetched once the footer is near: on a busy machine that takes a while. */
const LAZY = { timeout: 10_000 };

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'Join the newsletter' }, LAZY)).toBeVisible();
    await expect(await canvas.findByText(/^£[\d,]+\.\d\d$/, {}, LAZY)).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  },
};

export const TotalUnavailable: Story = {
  parameters: { msw: { handlers: [...venueHandlers({ failTotals: true }), ...defaultHandlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('total not available right now', {}, LAZY)).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile1' } } };
