import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { Button } from '@croft/ui';
import { MENU_PAGES, type MenuPage } from './menu-data';
import { MenuOverlay } from './menu-overlay';

/** The overlay with a real opener, so opening, closing and focus return can be seen and tested. */
function MenuOverlayDemo({ page, initiallyOpen = true, onClose }: { page: MenuPage; initiallyOpen?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <MemoryRouter>
      <main>
        <Button onClick={() => setOpen(true)}>Show the menu</Button>
        <MenuOverlay
          page={page}
          open={open}
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        />
      </main>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Site/Menus/MenuOverlay',
  component: MenuOverlayDemo,
  parameters: { layout: 'fullscreen' },
  args: { page: 'cafe', initiallyOpen: true, onClose: fn() },
  argTypes: { page: { control: 'select', options: [...MENU_PAGES] } },
} satisfies Meta<typeof MenuOverlayDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/**
 * Escape on a modal <dialog> is a platform close request; a synthetic key event cannot make one,
 * so the story sends the same request with requestClose() (the unit tests press Escape itself).
 */
function closeRequest(dialog: HTMLElement) {
  (dialog as HTMLDialogElement & { requestClose(): void }).requestClose();
}

export const Cafe: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Cafe menu' });
    await expect(dialog.matches(':modal')).toBe(true);
    await expect(within(dialog).getByText('Flat white').closest('li')).toHaveTextContent('£3.80');
  },
};
export const Cocktails: Story = { args: { page: 'cocktails' } };
export const Beer: Story = { args: { page: 'beer' } };
export const Kitchens: Story = { args: { page: 'kitchens' } };
export const Hall: Story = {
  args: { page: 'hall' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'The Hall' });
    await expect(within(dialog).getByRole('link', { name: 'events@croftcommon.co.uk' })).toHaveAttribute(
      'href',
      'mailto:events@croftcommon.co.uk',
    );
  },
};
export const Community: Story = { args: { page: 'community' } };
export const CommonRoom: Story = { args: { page: 'common-room' } };

/** 'Common membership' opens the membership information on top of the menu. */
export const CommonRoomMembershipOpen: Story = {
  args: { page: 'common-room' },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    const menu = await page.findByRole('dialog', { name: 'The Common Room' });
    await expect(within(menu).getByRole('link', { name: 'Take a look' })).toHaveAttribute('href', '/calendar');
    await userEvent.click(within(menu).getByRole('button', { name: 'Common membership' }));
    const info = await page.findByRole('dialog', { name: 'Common membership' });
    await expect(info.matches(':modal')).toBe(true);
    await expect(info).toHaveTextContent('Free, with the newsletter');
  },
};

/** Closed: OPEN it, close it each way, and focus goes back to the opener every time. */
export const OpenAndClose: Story = {
  args: { page: 'beer', initiallyOpen: false },
  play: async ({ canvasElement, args }) => {
    const page = body(canvasElement);
    const opener = page.getByRole('button', { name: 'Show the menu' });

    await userEvent.click(opener);
    let dialog = await page.findByRole('dialog', { name: 'Beer' });
    await waitFor(() => expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true));
    closeRequest(dialog);
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    dialog = await page.findByRole('dialog', { name: 'Beer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    dialog = await page.findByRole('dialog', { name: 'Beer' });
    // A click on the dimmed area outside the menu panel (the top-left corner of the dialog box).
    const panel = dialog.querySelector('.cc-dialog__panel') as HTMLElement;
    await expect(panel.getBoundingClientRect().left).toBeGreaterThan(4);
    await userEvent.pointer({ keys: '[MouseLeft]', target: dialog, coords: { clientX: 2, clientY: 2 } });
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    await expect(args.onClose).toHaveBeenCalledTimes(3);
  },
};

export const Mobile: Story = {
  args: { page: 'kitchens' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
