import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import LoyaltyCard from './loyalty-card';

const meta = {
  title: 'Loyalty/Loyalty card dialog',
  component: LoyaltyCard,
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof LoyaltyCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Sign in to your loyalty card' });
    // the dialog fades in
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
