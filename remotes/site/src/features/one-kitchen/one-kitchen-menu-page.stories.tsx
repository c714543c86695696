import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { OneKitchenMenuPage } from './one-kitchen-menu-page';

const meta = {
  title: 'Site/Menus/OneKitchenMenuPage',
  component: OneKitchenMenuPage,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/onekitchen-menu']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof OneKitchenMenuPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'One Kitchen Menu' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sides' })).toHaveAttribute('href', '#menu-sides');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
