import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../test-utils/dialog-polyfill';
import { Dialog } from './dialog';
import type { DialogProps } from './dialog';

beforeAll(() => installDialogPolyfill());

function Harness(props: Partial<DialogProps> & { onCloseSpy?: () => void }) {
  const [open, setOpen] = useState(false);
  const { onCloseSpy, ...rest } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Dialog
        title="Cocktail menu"
        {...rest}
        open={open}
        onClose={() => {
          onCloseSpy?.();
          setOpen(false);
        }}
      >
        <p>Negroni</p>
        <button type="button">Inside</button>
      </Dialog>
    </>
  );
}

const dialogEl = () => document.querySelector('dialog') as HTMLDialogElement;

describe('Dialog', () => {
  it('opens as a modal named by its title heading, with the description', async () => {
    render(<Harness description="Shaken, not stirred." />);
    expect(dialogEl().open).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Cocktail menu' });
    expect(dialog).toBe(dialogEl());
    expect(dialogEl().open).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Cocktail menu' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Shaken, not stirred.');
    expect(screen.getByText('Negroni')).toBeInTheDocument();
    // focus moved into the dialog
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('does not render its content while closed', () => {
    render(<Harness />);
    expect(screen.queryByText('Negroni')).toBeNull();
  });

  it('closes with the close button and gives focus back to the opener', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(dialogEl().open).toBe(false);
    expect(opener).toHaveFocus();
  });

  it('closes on Escape by default and restores focus', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    expect(dialogEl().open).toBe(false);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('ignores Escape when closeOnEscape is false', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} closeOnEscape={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    await new Promise((r) => setTimeout(r, 10));
    expect(spy).not.toHaveBeenCalled();
    expect(dialogEl().open).toBe(true);
  });

  it('with closeOnEscape false, cancels the native cancel event too', async () => {
    render(<Harness closeOnEscape={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const cancel = new Event('cancel', { cancelable: true });
    dialogEl().dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('re-opens if the platform closes it after an uncancelable cancel (Chrome close-watcher rule)', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} closeOnEscape={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    act(() => {
      dialogEl().dispatchEvent(new Event('cancel', { cancelable: false }));
      dialogEl().close();
    });
    await waitFor(() => expect(dialogEl().open).toBe(true));
    expect(spy).not.toHaveBeenCalled();
  });

  it('closes when the backdrop (the dialog element itself) is clicked', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.mouseDown(screen.getByText('Negroni'));
    fireEvent.click(screen.getByText('Negroni'));
    expect(spy).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialogEl());
    fireEvent.click(dialogEl());
    expect(spy).toHaveBeenCalledTimes(1);
    expect(dialogEl().open).toBe(false);
  });

  it('does not treat a drag that started inside the panel as a backdrop click', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.mouseDown(screen.getByText('Negroni'));
    fireEvent.click(dialogEl());
    expect(spy).not.toHaveBeenCalled();
  });

  it('stays open on backdrop clicks when closeOnBackdrop is false', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} closeOnBackdrop={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.mouseDown(dialogEl());
    fireEvent.click(dialogEl());
    expect(spy).not.toHaveBeenCalled();
    expect(dialogEl().open).toBe(true);
  });

  it('can hide the close button', async () => {
    render(<Harness hideCloseButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('focuses initialFocusRef on open', async () => {
    function WithRef() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Pick">
            <button type="button">First</button>
            <button type="button" data-autofocus>
              Second
            </button>
          </Dialog>
        </>
      );
    }
    render(<WithRef />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('returns focus to the opener when unmounted while open', async () => {
    function Outer() {
      const [show, setShow] = useState(true);
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Opener
          </button>
          <button type="button" onClick={() => setShow(false)}>
            Unmount
          </button>
          {show && (
            <Dialog open={open} onClose={() => setOpen(false)} title="T">
              <button type="button" onClick={() => setShow(false)}>
                Remove me
              </button>
            </Dialog>
          )}
        </>
      );
    }
    render(<Outer />);
    await userEvent.click(screen.getByRole('button', { name: 'Opener' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove me' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus();
  });
});
