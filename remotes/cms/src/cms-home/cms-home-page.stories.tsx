import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createEditingStore } from '@croft/mocks';
import { AN_EDITOR, signInForStory, StaffAt } from '../staff/story-utils';
import { editingWorld } from '../review/story-world';

const meta = {
  title: 'CMS/Editing/Content management home',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...editingWorld() },
  args: { path: '/cms', as: AN_EDITOR },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Drafts on three pages and the global text, one scheduled publish, recent changes. */
export const WithWork: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Review 2 drafts on Cafe' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Cancel schedule: Home · about · heading' })).toBeVisible();
  },
};

export const CancelSchedule: Story = {
  parameters: editingWorld(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel schedule: Home · about · heading' }));
    await expect(await canvas.findByText('Nothing is scheduled. Schedule a draft from the review panel.')).toBeVisible();
  },
};

export const NothingWaiting: Story = {
  parameters: editingWorld({ store: createEditingStore([]) }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No drafts are waiting: everything on the site is published.')).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: editingWorld({ failWith: 500 }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('button', { name: 'Try again' })).toHaveLength(3), { timeout: 5000 });
  },
};

export const Loading: Story = {
  parameters: editingWorld({ slow: true }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading recent changes')).toBeInTheDocument();
  },
};
