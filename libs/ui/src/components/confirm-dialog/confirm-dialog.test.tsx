import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../test-utils/dialog-polyfill';
import { ConfirmDialog } from './confirm-dialog';
import type { ConfirmDialogProps } from './confirm-dialog';

beforeAll(() => installDialogPolyfill());

function Harness(props: Partial<ConfirmDialogProps> & { onCloseSpy?: () => void }) {
  const [open, setOpen] = useState(true);
  const { onCloseSpy, ...rest } = props;
  return (
    <ConfirmDialog
      title="Delete photo?"
      message="This removes the punch from your card."
      onConfirm={() => {}}
      {...rest}
      open={open}
      onClose={() => {
        onCloseSpy?.();
        setOpen(false);
      }}
    />
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('shows title, message and default labels', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Delete photo?' });
    expect(dialog).toHaveAccessibleDescription('This removes the punch from your card.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('Cancel closes without confirming', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<Harness onConfirm={onConfirm} onCloseSpy={onClose} cancelLabel="Keep it" />);
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is busy while an async confirm runs, cannot be dismissed, then closes on success', async () => {
    const d = deferred();
    const onConfirm = vi.fn(() => d.promise);
    const onClose = vi.fn();
    render(<Harness onConfirm={onConfirm} onCloseSpy={onClose} confirmLabel="Delete" destructive />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('button', { name: /delete/i });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // a second click does not run it twice, Escape does not close
    await userEvent.click(confirm);
    await userEvent.keyboard('{Escape}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();

    d.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open and shows the error when confirm fails', async () => {
    const onClose = vi.fn();
    render(
      <Harness onConfirm={() => Promise.reject(new Error('Failed to delete photo'))} onCloseSpy={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete photo');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('uses the fallback text when the failure has no message', async () => {
    render(<Harness onConfirm={() => Promise.reject('nope')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('starts focus on Cancel when destructive, on Confirm otherwise', () => {
    const { unmount } = render(<Harness destructive />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveClass('cc-button--destructive');
    unmount();
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });
});
