import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import CinemaBooking from './cinema-booking';

const meta = {
  title: 'Cinema/Cinema booking dialog',
  component: CinemaBooking,
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof CinemaBooking>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Secret Cinema Club' });
    // the dialog fades in
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
