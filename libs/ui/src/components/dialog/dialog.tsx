import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from 'react';
import { cx } from '../../utils/cx';
import { CloseIcon } from '../icons/icons';
import { IconButton } from '../icon-button/icon-button';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import './dialog.css';

export type DialogSize = 'sm' | 'md' | 'lg' | 'full';

export type DialogProps = {
  /** Controlled: the dialog is shown (modal) while this is true. */
  open: boolean;
  /** Called when the user asks to close (Escape, backdrop, close button). Set `open` to false. */
  onClose: () => void;
  /** Rendered as the dialog's heading and used as its accessible name. */
  title: ReactNode;
  /** Optional text under the title, wired up as aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row (buttons), laid out at the end. */
  footer?: ReactNode;
  closeOnEscape?: boolean;
  closeOnBackdrop?: boolean;
  hideCloseButton?: boolean;
  /** Keep the heading for screen readers but do not show it. */
  hideTitle?: boolean;
  closeLabel?: string;
  size?: DialogSize;
  /** Element to focus when the dialog opens (default: first focusable, or `[data-autofocus]`). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of
 * the page inert (the platform traps focus), Escape closes it unless
 * closeOnEscape is false, clicking the backdrop closes it unless
 * closeOnBackdrop is false, and focus returns to the opener on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  closeOnEscape = true,
  closeOnBackdrop = true,
  hideCloseButton = false,
  hideTitle = false,
  closeLabel = 'Close',
  size = 'md',
  initialFocusRef,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const pressedOnBackdrop = useRef(false);
  const blockedCancel = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  // Latest values for the native event listeners.
  const latest = useRef({ open, onClose, closeOnEscape });
  useLayoutEffect(() => {
    latest.current = { open, onClose, closeOnEscape };
  });

  const restoreFocus = () => {
    const opener = openerRef.current;
    openerRef.current = null;
    const active = document.activeElement;
    const focusIsLost = !active || active === document.body || !!ref.current?.contains(active);
    if (opener && opener.isConnected && focusIsLost) opener.focus();
  };

  // Open and close the native dialog from the `open` prop (layout effect: the
  // dialog is modal and focused before the browser paints).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
      const preferred =
        initialFocusRef?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus]');
      preferred?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus();
    }
    // initialFocusRef is read only at open time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Closed on unmount while open: still hand focus back.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      if (openerRef.current) restoreFocus();
    };
  }, []);

  // Native cancel (Escape / close request) and close events.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      if (!latest.current.closeOnEscape) {
        event.preventDefault();
        // Chrome may refuse to let a repeated cancel be prevented; remember
        // so the close handler can put the dialog straight back.
        blockedCancel.current = !event.cancelable;
        return;
      }
      blockedCancel.current = false;
    };
    const onNativeClose = () => {
      // Closed by us (prop went false), or already shown again: nothing to report.
      if (!latest.current.open || dialog.open) return;
      if (blockedCancel.current) {
        blockedCancel.current = false;
        dialog.showModal();
        return;
      }
      latest.current.onClose();
      restoreFocus();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
    };
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // Cancelling the keydown stops the platform's close request altogether.
    if (event.key === 'Escape' && !closeOnEscape) event.preventDefault();
  };

  const handleMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The panel fills the dialog box, so a click whose target is the dialog
    // element itself landed on the ::backdrop. Press and release must both be
    // there (a text selection dragged out of the panel is not a backdrop click).
    const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
    pressedOnBackdrop.current = false;
    if (onBackdrop && closeOnBackdrop) onClose();
  };

  const heading = (
    <h2 id={titleId} className="cc-dialog__title">
      {title}
    </h2>
  );

  return (
    <dialog
      ref={ref}
      className={cx('cc-dialog', `cc-dialog--${size}`, className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={handleKeyDown}
      onMouseDown={handleMouseDown}
      onClick={handleClick}
    >
      {open && (
        <div className="cc-dialog__panel">
          <div className="cc-dialog__header">
            {hideTitle ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
            {!hideCloseButton && (
              <IconButton label={closeLabel} variant="ghost" className="cc-dialog__close" onClick={onClose}>
                <CloseIcon />
              </IconButton>
            )}
          </div>
          {description && (
            <p id={descriptionId} className="cc-dialog__description">
              {description}
            </p>
          )}
          {children !== undefined && <div className="cc-dialog__body">{children}</div>}
          {footer && <div className="cc-dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
