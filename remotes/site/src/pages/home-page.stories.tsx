import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { defaultHandlers } from '@croft/mocks';
import HomePage from './home-page';

const meta = {
  title: 'Site/Pages/Home',
  component: HomePage,
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/']}>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen', msw: { handlers: defaultHandlers } },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Croft Common highlights' })).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Questions, answered' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/book');
    // The footer's Common Good total is read once the footer is near or the page has sat idle 4 s.
    await expect(await canvas.findByText(/^£[\d,]+\.\d\d$/, {}, { timeout: 10_000 })).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
  },
};
