import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';
import type { ConfirmDialogProps } from './confirm-dialog';

function ConfirmDemo(props: Omit<ConfirmDialogProps, 'open' | 'onClose'> & { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Ask again
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDemo,
  args: {
    title: 'Leave the booking?',
    message: 'Your details will not be saved.',
    onConfirm: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ConfirmDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Destructive: Story = {
  args: {
    title: 'Delete photo?',
    message: 'This removes the punch from your loyalty card.',
    confirmLabel: 'Delete',
    cancelLabel: 'Keep it',
    destructive: true,
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('button', { name: 'Keep it' })).toHaveFocus();
  },
};

/** onConfirm still running: spinner on the button, nothing else clickable. */
export const Busy: Story = {
  args: {
    title: 'Delete photo?',
    confirmLabel: 'Delete',
    destructive: true,
    onConfirm: fn(() => new Promise<void>(() => {})),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('button', { name: 'Delete' }));
    await expect(page.getByRole('button', { name: /delete/i })).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: {
    title: 'Delete photo?',
    confirmLabel: 'Delete',
    destructive: true,
    onConfirm: fn(() => Promise.reject(new Error('Failed to delete photo'))),
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('button', { name: 'Delete' }));
    await expect(await page.findByRole('alert')).toHaveTextContent('Failed to delete photo');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const Confirmed: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('button', { name: 'Confirm' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    title: 'Start a new loyalty card now even though this one still has boxes left?',
    message:
      'Your current card keeps its punches, but the next card starts from zero. You can only have one open card at a time, and a Lucky 7 card follows every sixth completed regular card.',
    confirmLabel: 'Start a new card',
    cancelLabel: 'Keep this card',
  },
};
