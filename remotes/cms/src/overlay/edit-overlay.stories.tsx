import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { buildSeedVersions, buildTextVersion, createEditingStore, editingHandlers, MOCK_EDITOR } from '@croft/mocks';
import { setEditMode } from '@croft/session';
import { EDIT_MODE_STORAGE_KEY } from './edit-mode-persistence';
import EditOverlay from './edit-overlay';
import { StoryPage, storyEditingClient } from './story-page';

const withDrafts = () =>
  createEditingStore([
    ...buildSeedVersions(['cafe', 'global']),
    buildTextVersion({ page: 'cafe', section: 'hero', content_key: 'title', revision: 2, published: false, content_data: { text: 'The Cafe (draft)' }, created_by: MOCK_EDITOR }),
  ]);

const meta = {
  title: 'CMS/Editing overlay',
  component: EditOverlay,
  args: { client: storyEditingClient },
  parameters: { layout: 'fullscreen', msw: { handlers: editingHandlers({ store: withDrafts() }) } },
  // Edit mode is page-wide (the shared session store, saved for the tab by the overlay): every
  // story starts with it off.
  beforeEach: () => {
    sessionStorage.removeItem(EDIT_MODE_STORAGE_KEY);
    setEditMode(false);
  },
  render: (args) => (
    <>
      <StoryPage />
      <EditOverlay {...args} />
    </>
  ),
} satisfies Meta<typeof EditOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Edit mode off: the toolbar with the pending count. */
export const Off: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Edit mode' })).toHaveAttribute('aria-pressed', 'false');
    await expect(await canvas.findByText('1 pending change')).toBeVisible();
  },
};

/** Edit mode on: texts are framed, focusable, and open the popup. */
export const On: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit mode' }));
    await expect(canvas.getByRole('button', { name: 'Edit mode' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Edit mode on');
    await userEvent.click(canvas.getByText('Coffee, cake and a seat by the window.'));
    await expect(await canvas.findByRole('dialog', { name: 'Edit text' })).toBeVisible();
  },
};

/** Preview: the page as visitors see it. */
export const Preview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit mode' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Preview');
  },
};

/** The QA scenario 'content:editor-signed-out': the count cannot be read. */
export const SignedOut: Story = {
  parameters: { msw: { handlers: editingHandlers({ signedOut: true }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Pending changes unavailable')).toBeVisible();
  },
};
