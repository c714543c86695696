import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createReviewStore, MOCK_OTHER_EDITOR } from '@croft/mocks';
import { AN_EDITOR, signInForStory, StaffAt } from '../staff/story-utils';
import { editingWorld } from '../review/story-world';
import { RESTORE_CONFLICT_MESSAGE } from './history-page';

const meta = {
  title: 'CMS/Editing/History',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...editingWorld() },
  args: { path: '/cms/history/cafe/hero/title', as: AN_EDITOR },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Published versions newest first (revisions 4, 2 and 1: draft 3 was discarded), a draft waiting. */
export const Versions: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Restore revision 2' })).toBeVisible();
  },
};

export const Compare: Story = {
  parameters: editingWorld(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const compare = await canvas.findAllByRole('button', { name: 'Compare with live' });
    await userEvent.click(compare[0]);
    await expect(compare[0]).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('From live to revision 2:')).toBeVisible();
  },
};

export const Restored: Story = {
  parameters: editingWorld(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Restore revision 2' }));
    await expect(await canvas.findByText(/is now draft revision 6/, { selector: '[role="status"]' })).toBeVisible();
  },
};

const changing = createReviewStore();
/** Someone saved over the text after its history was read: the restore is refused and the text reloaded. */
export const RestoreConflict: Story = {
  parameters: editingWorld({ store: changing }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const restore = await canvas.findByRole('button', { name: 'Restore revision 2' });
    const key = { page: 'cafe', section: 'hero', content_key: 'title' } as const;
    changing.save(key, { text: 'Sam’s newer draft' }, changing.entry(key).head_revision, MOCK_OTHER_EDITOR);
    await userEvent.click(restore);
    await expect(await canvas.findByText(RESTORE_CONFLICT_MESSAGE)).toBeVisible();
  },
};

/** A text never published from here: only the bundled version. */
export const OnlyBundled: Story = {
  args: { path: '/cms/history/beer/hero/title' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No draft is waiting.', { exact: false })).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: editingWorld({ failures: { getTextHistory: 500 } }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible(), { timeout: 5000 });
  },
};

export const Loading: Story = {
  parameters: editingWorld({ slow: true }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the history')).toBeInTheDocument();
  },
};
