import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { Button, Dialog, PageFrame, Spinner } from '@croft/ui';
import {
  remoteByName,
  remoteOfModule,
  type ExposedModuleId,
  type ExposedModuleIdOf,
  type RemoteDialogProps,
  type RemoteName,
} from '@croft/contracts/remotes';
import { loadRemoteModule, RemoteLoadError, resetRemote, type ExposedModule, type RemoteModuleShapes } from './loader';

export interface RemoteUnavailableProps {
  remote: RemoteName;
  onRetry: () => void;
  /** 'page' fills a route; 'dialog' stands in for a federated dialog (and needs onClose). */
  presentation?: 'page' | 'dialog';
  onClose?: () => void;
}

const UNAVAILABLE_TITLE = "We can't open this just now";

/** The one failure UI for a remote module: the remote's name, a calm line and Retry. */
export function RemoteUnavailable({ remote, onRetry, presentation = 'page', onClose }: RemoteUnavailableProps) {
  const body = (
    <>
      <p>
        {remoteByName(remote).label} didn't load. It's probably a blip on the line, so give it another go. Everything
        else on the site is still open.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </>
  );
  if (presentation === 'dialog') {
    return (
      <Dialog open onClose={onClose ?? (() => undefined)} title={UNAVAILABLE_TITLE}>
        {body}
      </Dialog>
    );
  }
  return (
    <PageFrame title={UNAVAILABLE_TITLE} section="home">
      {body}
    </PageFrame>
  );
}

/**
 * Catches a remote module that failed to load and shows the fallback. Any other error (a page
 * that throws while rendering) goes on to the next boundary (the router's error view).
 */
class RemoteBoundary extends Component<{ fallback: () => ReactNode; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof RemoteLoadError) return this.props.fallback();
    throw error;
  }
}

function Loaded<Id extends ExposedModuleId>({ id, render }: { id: Id; render: (mod: ExposedModule<Id>) => ReactNode }) {
  return render(use(loadRemoteModule(id)));
}

export interface RemoteModuleProps<Id extends ExposedModuleId> {
  id: Id;
  /** What to show once the module is loaded. */
  children: (mod: ExposedModule<Id>) => ReactNode;
  /** Shown while the remote's code is on its way. */
  loading: ReactNode;
  /** Shown when it could not be loaded; `retry` forgets the failure and loads again. */
  unavailable: (retry: () => void) => ReactNode;
}

/**
 * Renders a module another team's remote exposes, isolated from the rest of the page: while it
 * loads, `loading`; if it cannot be loaded, `unavailable` (logged once by the loader); Retry
 * fetches the remote's entry again without a page reload.
 */
export function RemoteModule<Id extends ExposedModuleId>({ id, children, loading, unavailable }: RemoteModuleProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    resetRemote(remoteOfModule(id));
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteBoundary key={attempt} fallback={() => unavailable(retry)}>
      <Suspense fallback={loading}>
        <Loaded id={id} render={children} />
      </Suspense>
    </RemoteBoundary>
  );
}

/** Every federated dialog, by id ('loyalty/LoyaltyCard'). */
export type RemoteDialogId = ExposedModuleIdOf<'dialog'>;

/**
 * A dialog another remote exposes (the site's secret 7 opens the loyalty card). Nothing is
 * fetched until it first opens; while loading it shows a spinner dialog, and if the remote is
 * down the failure dialog with Retry, never a broken page.
 */
export function RemoteDialog({ id, open, onClose }: RemoteDialogProps & { id: RemoteDialogId }) {
  const [requested, setRequested] = useState(open);
  if (open && !requested) setRequested(true);
  if (!requested) return null;
  const remote = remoteOfModule(id);
  const label = remoteByName(remote).label;
  return (
    <RemoteModule
      id={id}
      loading={
        open ? (
          <Dialog open onClose={onClose} title="Opening…">
            <Spinner label={`Loading ${label.toLowerCase()}`} />
          </Dialog>
        ) : null
      }
      unavailable={(retry) =>
        open ? <RemoteUnavailable remote={remote} presentation="dialog" onRetry={retry} onClose={onClose} /> : null
      }
    >
      {(mod) => {
        const Opened = (mod as RemoteModuleShapes['dialog']).default;
        return <Opened open={open} onClose={onClose} />;
      }}
    </RemoteModule>
  );
}
