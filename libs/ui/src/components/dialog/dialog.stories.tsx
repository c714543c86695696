import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog } from './dialog';
import type { DialogProps } from './dialog';

/** Stories render a real opener so focus return can be seen (and tested). */
function DialogDemo(props: Omit<DialogProps, 'open' | 'onClose'> & { initiallyOpen?: boolean; onClose?: () => void }) {
  const { initiallyOpen = false, onClose, ...rest } = props;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        {...rest}
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/Dialog',
  component: DialogDemo,
  args: {
    title: 'Common membership',
    initiallyOpen: true,
    onClose: fn(),
    children: (
      <p>
        Members of the Common Room get the cook book, the secret beer word and first dibs on Secret Cinema
        Club tickets. Sign up to the newsletter to join.
      </p>
    ),
  },
} satisfies Meta<typeof DialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithDescriptionAndActions: Story = {
  args: {
    title: 'Sign in to your loyalty card',
    description: 'We will email you a 6-digit code.',
    children: <TextField label="Email" type="email" autoComplete="email" />,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Send code</Button>
      </>
    ),
  },
};

/** Closed state: open it, close it, and focus goes back to the opener. */
export const OpenAndClose: Story = {
  args: { initiallyOpen: false },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const opener = page.getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    const dialog = await page.findByRole('dialog', { name: 'Common membership' });
    await expect((dialog as HTMLDialogElement).open).toBe(true);
    await expect(dialog.matches(':modal')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
    await expect(page.queryByRole('dialog')).toBeNull();
  },
};

/** Neither Escape nor the backdrop closes it; only the button does. */
export const Sticky: Story = {
  args: {
    title: 'Booking confirmed',
    closeOnEscape: false,
    closeOnBackdrop: false,
    children: <p>Tickets 17 and 18. Check your email.</p>,
  },
  play: async ({ canvasElement, args }) => {
    const dialog = canvasElement.ownerDocument.querySelector('dialog') as HTMLDialogElement;
    await userEvent.click(dialog); // a click on the dialog element itself is a backdrop click
    await expect(dialog.open).toBe(true);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const BackdropCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = canvasElement.ownerDocument.querySelector('dialog') as HTMLDialogElement;
    await userEvent.click(dialog);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog.open).toBe(false));
  },
};

export const NoCloseButton: Story = {
  args: {
    hideCloseButton: true,
    footer: <Button>Got it</Button>,
  },
};

export const LongContent: Story = {
  args: {
    title: 'Secret Cinema Club: terms, conditions and the things we ask of every guest',
    children: (
      <div>
        {Array.from({ length: 12 }, (_, i) => (
          <p key={i} style={{ marginBottom: 12 }}>
            Tickets are released on the last Thursday of each month. Fifty per screening, one or two per
            booking. Doors at 19:00, film at 19:30. Paragraph {i + 1}.
          </p>
        ))}
      </div>
    ),
    footer: <Button>Book</Button>,
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: {
    title: 'Take a look',
    footer: (
      <>
        <Button variant="secondary">Later</Button>
        <Button>Open calendar</Button>
      </>
    ),
  },
};
