import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { loadFederatedModule } from '@croft/federation-bridge';
import { Button, Dialog, Spinner } from '@croft/ui';

/** Dialogs other teams ship as remotes: loaded at run time through federation, never imported. */
export const FEDERATED_DIALOGS = {
  loyalty: { id: 'loyalty/LoyaltyCard', label: 'The loyalty card' },
  cinema: { id: 'cinema/CinemaBooking', label: 'Secret cinema booking' },
} as const;
export type FederatedDialogName = keyof typeof FEDERATED_DIALOGS;

export interface FederatedDialogProps {
  open: boolean;
  onClose: () => void;
}

type LoadState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; Component: ComponentType<FederatedDialogProps> }
  | { status: 'failed' };

function isDialogModule(mod: unknown): mod is { default: ComponentType<FederatedDialogProps> } {
  return typeof mod === 'object' && mod !== null && typeof (mod as { default?: unknown }).default === 'function';
}

/**
 * Opens a dialog exposed by another remote. The remote's code is fetched the first time the
 * dialog opens; if it cannot be fetched the visitor gets a friendly message with Retry, never
 * a broken page.
 */
export function FederatedDialog({ name, open, onClose }: FederatedDialogProps & { name: FederatedDialogName }) {
  const [state, setState] = useState<LoadState>({ status: 'idle' });
  const { id, label } = FEDERATED_DIALOGS[name];

  const load = useCallback(() => {
    setState({ status: 'loading' });
    loadFederatedModule(id)
      .then((mod) => {
        if (!isDialogModule(mod)) throw new Error(`${id} is not a dialog component`);
        setState({ status: 'ready', Component: mod.default });
      })
      .catch((error: unknown) => {
        console.error(`[site] ${id} could not be loaded`, error);
        setState({ status: 'failed' });
      });
  }, [id]);

  useEffect(() => {
    if (open && state.status === 'idle') load();
  }, [open, state.status, load]);

  if (state.status === 'ready') return <state.Component open={open} onClose={onClose} />;
  if (!open) return null;
  if (state.status === 'failed') {
    return (
      <Dialog open onClose={onClose} title="Not available just now">
        <p>{label} didn't load. It's probably a blip on the line, so give it another go.</p>
        <Button onClick={load}>Retry</Button>
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={onClose} title="Opening…">
      <Spinner label={`Loading ${label.toLowerCase()}`} />
    </Dialog>
  );
}
