import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';
import './confirm-dialog.css';

export type ConfirmDialogProps = {
  open: boolean;
  /** Called on Cancel, Escape, backdrop, and after onConfirm succeeds. */
  onClose: () => void;
  /** May return a promise: the dialog shows a busy state until it settles. */
  onConfirm: () => void | Promise<unknown>;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and focus starts on Cancel. */
  destructive?: boolean;
  /** Shown when onConfirm throws and the error has no message. */
  errorFallback?: string;
};

/**
 * "Are you sure?" on top of Dialog. While an async onConfirm runs, the confirm
 * button shows a spinner and the dialog cannot be dismissed; on success it
 * closes, on failure it stays open and shows the error.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  errorFallback = 'Something went wrong. Please try again.',
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A fresh start every time it opens.
  useEffect(() => {
    if (open) {
      setError(null);
      setBusy(false);
    }
  }, [open]);

  const handleConfirm = async () => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await onConfirm();
      if (!mounted.current) return;
      setBusy(false);
      onClose();
    } catch (err) {
      if (!mounted.current) return;
      setBusy(false);
      const text = err instanceof Error && err.message ? err.message : errorFallback;
      setError(text);
    }
  };

  const handleClose = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      title={title}
      description={message}
      size="sm"
      closeOnEscape={!busy}
      closeOnBackdrop={!busy}
      hideCloseButton
      initialFocusRef={destructive ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={handleClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={destructive ? 'destructive' : 'primary'}
            onClick={handleConfirm}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="cc-confirm-dialog__error">
          {error}
        </p>
      ) : undefined}
    </Dialog>
  );
}
