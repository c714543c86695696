import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { contentHandlers } from '@croft/mocks';
import HomePage from './home-page';

const meta = {
  title: 'Site/Pages/Home',
  component: HomePage,
  parameters: { layout: 'fullscreen', msw: { handlers: contentHandlers() } },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Questions, answered' })).toBeVisible();
  },
};
