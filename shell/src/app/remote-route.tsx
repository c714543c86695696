import { Component, Suspense, use, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@croft/router';
import { prerenderedFor, releasePrerendered } from './prerendered';
import { Button, PageFrame, Spinner } from '@croft/ui';
import { loadRemoteRoutes, RemoteLoadError, resetRemote } from './remote-loader';
import type { RemoteName } from './remote-manifest';

const REMOTE_LABELS: Record<RemoteName, string> = {
  site: 'This page',
  common_room: 'The Common Room',
  loyalty: 'The loyalty card',
  cinema: 'Secret cinema',
  cms: 'Content tools',
};

function RemotePage({ remote, path }: { remote: RemoteName; path: string }) {
  const mod = use(loadRemoteRoutes(remote));
  const Page = mod.routes[path];
  if (!Page) throw new Error(`Remote ${remote} has no page for ${path}`);
  return (
    <>
      <Page />
      <ReleasePrerendered />
    </>
  );
}

function ReleasePrerendered() {
  useEffect(() => releasePrerendered(), []);
  return null;
}

/** The branded fallback shown in place of a remote that could not be loaded. */
export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <PageFrame title="We can't open this just now" section="home">
      <p>
        {REMOTE_LABELS[remote]} didn't load. It's probably a blip on the line, so give it another go. Everything
        else on the site is still open.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </PageFrame>
  );
}

/**
 * Catches a remote that failed to load and shows the fallback. Any other error (a page that
 * throws while rendering) goes on to the router's error view.
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

/** Puts the server's prerendered node (the same element, not a copy) back on screen. */
function Prerendered({ node }: { node: Element }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    holder.current?.append(node);
  }, [node]);
  return <div ref={holder} className="shell-prerendered" />;
}

function RemoteLoading() {
  const { pathname } = useLocation();
  const prerendered = prerenderedFor(pathname);
  // The server's prerendered first paint stays on screen until the page renders the same markup.
  if (prerendered) return <Prerendered node={prerendered} />;
  return (
    <div className="shell-remote-loading">
      <Spinner label="Loading" />
    </div>
  );
}

/** Renders the page a remote provides for a route pattern, isolated from every other route. */
export function RemoteRoute({ remote, path }: { remote: RemoteName; path: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary
      key={attempt}
      fallback={() => (
        <RemoteUnavailable
          remote={remote}
          onRetry={() => {
            resetRemote(remote);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<RemoteLoading />}>
        <RemotePage remote={remote} path={path} />
      </Suspense>
    </RemoteBoundary>
  );
}
