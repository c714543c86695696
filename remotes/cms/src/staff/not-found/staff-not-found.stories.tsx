import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AN_ADMIN, AN_EDITOR, signInForStory, StaffAt, staffMocks } from '../story-utils';

const meta = {
  title: 'CMS/Staff/Page not found',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...staffMocks() },
  args: { path: '/admin/no-such-screen', as: AN_ADMIN, panels: [] },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An unknown /admin path: not found, with the way back to the staff home. */
export const UnknownAdminPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await expect(canvas.getByText('/admin/no-such-screen')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to the staff home' })).toHaveAttribute('href', '/admin');
  },
};

/** An unknown /cms path: not found, with the way back to content management. */
export const UnknownCmsPath: Story = {
  args: { path: '/cms/no-such-editor', as: AN_EDITOR },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to content management' })).toHaveAttribute('href', '/cms');
  },
};
