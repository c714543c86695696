import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import EditOverlay from './edit-overlay';

const meta = {
  title: 'CMS/Editing overlay',
  component: EditOverlay,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof EditOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};

export const On: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit page' }));
    await expect(canvas.getByRole('button', { name: 'Stop editing' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Edit mode on')).toBeVisible();
  },
};
