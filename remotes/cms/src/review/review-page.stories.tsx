import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createEditingStore, createReviewStore, MOCK_OTHER_EDITOR } from '@croft/mocks';
import { AN_EDITOR, signInForStory, StaffAt } from '../staff/story-utils';
import { CHANGED_SINCE_REVIEW, INVALID_TIME_MESSAGE } from './problems';
import { editingWorld } from './story-world';

const meta = {
  title: 'CMS/Editing/Review and publish',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...editingWorld() },
  args: { path: '/cms/review', as: AN_EDITOR },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Drafts on three pages and the global text: words and positions against what is live, one scheduled. */
export const Drafts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Cafe · hero · title' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Position changes' })).toBeVisible();
  },
};

/** One page's drafts (from the /cms home's link). */
export const OnePage: Story = {
  args: { path: '/cms/review?page=cafe' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Publish all on Cafe' })).toBeVisible();
  },
};

export const PublishSelected: Story = {
  parameters: editingWorld(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select Cafe · hero · subtitle' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Publish selected (1)' }));
    await expect(await canvas.findByText('Published 1 draft.')).toBeVisible();
  },
};

const movedOn = createReviewStore();
/** Someone saved over a draft after it was read: Publish all reports it by name and lists its new draft. */
export const PublishConflict: Story = {
  parameters: editingWorld({ store: movedOn }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'Cafe · hero · title' });
    movedOn.save({ page: 'cafe', section: 'hero', content_key: 'title' }, { text: 'Their newer title' }, movedOn.entry({ page: 'cafe', section: 'hero', content_key: 'title' }).head_revision, MOCK_OTHER_EDITOR);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish all' }));
    await expect(await canvas.findByRole('alert', { name: 'Not published' })).toHaveTextContent(CHANGED_SINCE_REVIEW);
  },
};

/** The QA scenario 'content:publish-fails'. */
export const PublishFails: Story = {
  parameters: editingWorld({ failures: { publishDrafts: 500 } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Publish all' }));
    await expect(await canvas.findByText(/^Publishing failed\./)).toBeVisible();
  },
};

export const DiscardConfirm: Story = {
  parameters: editingWorld(),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Discard: Cafe · hero · title' }));
    await expect(await page(canvasElement).findByRole('dialog', { name: 'Discard this draft?' })).toBeVisible();
  },
};

export const ScheduleRefused: Story = {
  parameters: editingWorld(),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Schedule: Cafe · hero · title' }));
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Schedule publish' }));
    const field = dialog.getByLabelText(/Go live at/);
    await userEvent.clear(field);
    await userEvent.type(field, '2020-01-01T09:00');
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    await expect(await dialog.findByText(INVALID_TIME_MESSAGE)).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: editingWorld({ store: createEditingStore() }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Nothing to publish' })).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: editingWorld({ failures: { listPendingDrafts: 500 } }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible(), { timeout: 5000 });
  },
};

export const Loading: Story = {
  parameters: editingWorld({ slow: true }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading drafts')).toBeInTheDocument();
  },
};
