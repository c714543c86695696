import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { PageFrame } from '@croft/ui';
import { MENU_PAGES, type MenuPage } from './menu-data';
import { PageActions } from './page-actions';

/** 13rem: where the nudge button's bottom edge sits (spec 000 §9: bottom-52, right-8, 56 px). */
const NUDGE_BOTTOM_PX = 13 * 16;

/**
 * Escape on a modal <dialog> is a platform close request; a synthetic key event cannot make one,
 * so the story sends the same request with requestClose() (the unit tests press Escape itself).
 */
function closeRequest(dialog: HTMLElement) {
  (dialog as HTMLDialogElement & { requestClose(): void }).requestClose();
}

function Where() {
  return <p>Current path: {useLocation().pathname}</p>;
}

function PageWithActions({ page, editMode }: { page: MenuPage; editMode?: boolean }) {
  return (
    <MemoryRouter initialEntries={[`/${page}`]}>
      <Routes>
        <Route
          path="*"
          element={
            <PageFrame section={page} title={page.replace('-', ' ')} intro="A section page with its OPEN and BOOK buttons.">
              <Where />
              <PageActions page={page} editMode={editMode} />
            </PageFrame>
          }
        />
      </Routes>
      {/* Where the nudge goes (the shell draws it): the buttons must stay below it. */}
      <div
        aria-hidden="true"
        data-nudge-spot
        style={{ position: 'fixed', right: '2rem', bottom: '13rem', width: 56, height: 56, borderRadius: '50%', border: '2px dashed #595959' }}
      />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Site/Menus/PageActions',
  component: PageWithActions,
  parameters: { layout: 'fullscreen' },
  args: { page: 'cafe', editMode: false },
  argTypes: { page: { control: 'select', options: [...MENU_PAGES] } },
} satisfies Meta<typeof PageWithActions>;

export default meta;
type Story = StoryObj<typeof meta>;

async function staysBelowTheNudge(canvasElement: HTMLElement) {
  const group = canvasElement.querySelector('.site-page-actions') as HTMLElement;
  const view = canvasElement.ownerDocument.defaultView as Window;
  const box = group.getBoundingClientRect();
  await expect(box.top).toBeGreaterThanOrEqual(view.innerHeight - NUDGE_BOTTOM_PX);
  await expect(box.bottom).toBeLessThanOrEqual(view.innerHeight);
  await expect(box.right).toBeLessThanOrEqual(view.innerWidth);
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/book');
    await staysBelowTheNudge(canvasElement);
  },
};

/** OPEN → the page's menu; Escape → closed, focus back on OPEN. */
export const OpenMenu: Story = {
  args: { page: 'cocktails' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const open = page.getByRole('button', { name: 'Open menu' });
    await userEvent.click(open);
    const dialog = await page.findByRole('dialog', { name: 'Cocktails' });
    await expect(dialog).toBeVisible();
    closeRequest(dialog);
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
  },
};

export const BookGoesToBook: Story = {
  args: { page: 'hall' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('link', { name: 'Book a table' }));
    await expect(await page.findByText('Current path: /book')).toBeVisible();
  },
};

/** Editing page text: BOOK stays put. */
export const EditMode: Story = {
  args: { page: 'hall', editMode: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const book = page.getByRole('link', { name: 'Book a table' });
    await expect(book).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(book);
    await expect(page.getByText('Current path: /hall')).toBeVisible();
  },
};

export const Mobile: Story = {
  args: { page: 'beer' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => staysBelowTheNudge(canvasElement),
};
