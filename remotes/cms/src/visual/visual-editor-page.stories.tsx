import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { StaffSessionOptions } from '@croft/mocks';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { editingWorld } from '../review/story-world';
import { AN_EDITOR, signInForStory } from '../staff/story-utils';
import { VisualEditorPage } from './visual-editor-page';

// Storybook serves no site pages, so the frame holds a stand-in page (same origin, as a blob): on
// the site it is the real page with the editing overlay in edit mode.
const STAND_IN = URL.createObjectURL(
  new Blob(
    [
      '<!doctype html><html lang="en"><head><title>Cafe (stand-in)</title></head>' +
        '<body style="margin:0;font-family:sans-serif"><main style="padding:2rem"><h1>The Cafe</h1>' +
        '<p>In Storybook this frame shows a stand-in. On the site it holds the real page, in edit mode.</p></main></body></html>',
    ],
    { type: 'text/html' },
  ),
);

interface VisualAtProps {
  path: string;
  as?: StaffSessionOptions;
}

/** The visual editor at `path` (an editor signed in by the story's beforeEach). */
function VisualAt({ path }: VisualAtProps) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cms/visual/:page/*" element={<VisualEditorPage frameSrc={STAND_IN} />} />
        <Route path="*" element={<p>Left the visual editor.</p>} />
      </Routes>
    </MemoryRouter>
  );
}

const meta = {
  title: 'CMS/Editing/Visual editor',
  component: VisualAt,
  parameters: { layout: 'fullscreen', ...editingWorld() },
  args: { path: '/cms/visual/cafe', as: AN_EDITOR },
  beforeEach: signInForStory,
} satisfies Meta<typeof VisualAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The cafe's texts: two drafts first (newest first) against what is live, then the rest; the site-wide texts below. */
export const Texts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 3, name: 'hero · title' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show on page: Cafe · hero · title' })).toBeVisible();
    await expect(canvas.getByTitle('Cafe: the page, in edit mode')).toBeVisible();
    await expect(await canvas.findByRole('list', { name: 'On every page' })).toBeVisible();
  },
};

/** The page at a phone's width (390 px). */
export const PhoneWidth: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const phone = canvas.getByRole('button', { name: /Phone/ });
    await userEvent.click(phone);
    await expect(phone).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByTitle('Cafe: the page, in edit mode').getBoundingClientRect().width).toBe(390);
  },
};

/** The panel folded away: the page has the whole width. */
export const PanelHidden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Hide the texts' }));
    await expect(canvas.getByRole('button', { name: 'Show the texts' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A phone: the panel starts folded above the page. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /the texts$/ })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: editingWorld({ slow: true }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading: Texts on Cafe')).toBeInTheDocument();
  },
};

/** The texts could not be read: each group says so with Try again. */
export const LoadFails: Story = {
  parameters: editingWorld({ failWith: 503 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText(/The texts could not be loaded/)).toHaveLength(2));
    await expect(canvas.getAllByRole('button', { name: 'Try again' })[0]).toBeVisible();
  },
};

/** /cms/visual/garden: no such page; every page there is, to choose from. */
export const UnknownPage: Story = {
  args: { path: '/cms/visual/garden' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There is no page called “garden” to edit.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Cafe' })).toHaveAttribute('href', '/cms/visual/cafe');
  },
};

/** A path under a page that the site does not have. */
export const UnknownSubpage: Story = {
  args: { path: '/cms/visual/cafe/nowhere' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('The site has no page at /cafe/nowhere to edit.')).toBeVisible();
  },
};
