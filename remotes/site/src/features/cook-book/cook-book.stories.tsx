import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@croft/ui';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CookBook } from './cook-book';
import type { CookBookProps } from './cook-book';

/** The book as /kitchens shows it after the members' gate: open, with a reveal button behind it. */
function CookBookDemo({ onClose, startAt }: Pick<CookBookProps, 'onClose' | 'startAt'>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the cook book</Button>
      <CookBook
        open={open}
        startAt={startAt}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Site/Kitchens/CookBook',
  component: CookBookDemo,
  args: { onClose: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CookBookDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const bookOf = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Common Cook Book' }) as HTMLDialogElement;

/** The cover. Escape and a click outside the book do not close it. */
export const Cover: Story = {
  play: async ({ canvasElement, args }) => {
    const book = bookOf(canvasElement);
    const page = within(book);
    await expect(page.getByRole('heading', { level: 3, name: 'Common Cook Book' })).toBeVisible();
    await expect(page.getByText('Wood. Fire. Dough. Good Taste')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start reading' })).toHaveFocus();

    // Escape on a modal <dialog> is a platform close request; a synthetic key event cannot make
    // one, so the story sends the same request with requestClose() (the unit tests press Escape).
    // Twice: Chrome does not let a second request in a row be cancelled, and the book must hold.
    const closeRequest = () => (book as HTMLDialogElement & { requestClose(): void }).requestClose();
    closeRequest();
    await new Promise((r) => setTimeout(r, 20));
    closeRequest();
    // The book fills the screen, so a backdrop click is simulated: press and release on the
    // <dialog> element itself (its ::backdrop), as the browser reports one.
    book.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    book.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 50));
    await expect(book.open).toBe(true);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** A recipe page: serves, time, the idea, ingredients, method (with the home-oven note) and allergens. */
export const RecipePage: Story = {
  args: { startAt: 'margherita' },
  play: async ({ canvasElement }) => {
    const page = within(bookOf(canvasElement));
    await expect(page.getByRole('heading', { level: 3, name: 'Margherita' })).toBeVisible();
    for (const section of ['The idea', 'Ingredients', 'Method', 'Allergens']) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    await userEvent.click(page.getByRole('button', { name: 'Next: Hot honey and goat cheese' }));
    const heading = page.getByRole('heading', { level: 3, name: 'Hot honey and goat cheese' });
    await waitFor(() => expect(heading).toHaveFocus());
  },
};

/** The side navigation: chapters, recipes, the current one marked, and back to the cover. */
export const SideNavigation: Story = {
  args: { startAt: 'whole-cauliflower-harissa-tahini' },
  play: async ({ canvasElement, args }) => {
    const nav = within(bookOf(canvasElement)).getByRole('navigation', { name: 'Cook book contents' });
    await expect(nav).toBeVisible();
    await expect(within(nav).getByRole('button', { name: 'Whole cauliflower with harissa and tahini' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Porchetta roll' }));
    await expect(within(nav).getByRole('button', { name: 'Porchetta roll' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Back to cover' }));
    await expect(within(bookOf(canvasElement)).getByText('Wood. Fire. Dough. Good Taste')).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Only the 'Close cook book' button closes the book; focus goes back to what opened it. */
export const CloseButton: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const book = bookOf(canvasElement);
    await userEvent.click(within(book).getByRole('button', { name: 'Start reading' }));
    await userEvent.click(within(book).getByRole('button', { name: 'Close cook book' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(book.open).toBe(false));
    await userEvent.click(body.getByRole('button', { name: 'Open the cook book' }));
    await expect(within(bookOf(canvasElement)).getByRole('heading', { level: 3, name: 'Common Cook Book' })).toBeVisible();
  },
};

/** Phones: the contents fold into a toggle above the page. */
export const Mobile: Story = {
  args: { startAt: 'burnt-leek-slaw' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const book = bookOf(canvasElement);
    const toggle = within(book).getByRole('button', { name: 'Contents' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const nav = within(book).getByRole('navigation', { name: 'Cook book contents' });
    await expect(nav).toBeVisible();
    await userEvent.click(within(nav).getByRole('button', { name: 'Beetroot with labneh' }));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(within(book).getByRole('heading', { level: 3, name: 'Beetroot with labneh' })).toBeVisible();
  },
};

/** Phones, with the contents unfolded over the page. */
export const MobileContentsOpen: Story = {
  args: { startAt: 'flatbread' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const book = bookOf(canvasElement);
    await userEvent.click(within(book).getByRole('button', { name: 'Contents' }));
    await expect(within(book).getByRole('navigation', { name: 'Cook book contents' })).toBeVisible();
  },
};
