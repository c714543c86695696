import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '@croft/router';
import { RemoteModule, RemoteUnavailable } from '@croft/federation-bridge';
import type { ExposedModuleIdOf } from '@croft/contracts/remotes';
import { prerenderedFor, releasePrerendered } from './prerendered';
import { Spinner } from '@croft/ui';
import type { RemoteName } from './remote-manifest';

function ReleasePrerendered() {
  useEffect(() => releasePrerendered(), []);
  return null;
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

/** Renders the page a remote's './Routes' provides for a route pattern, isolated from every other route. */
export function RemoteRoute({ remote, path }: { remote: RemoteName; path: string }) {
  // ROUTE_TABLE only names remotes that expose Routes (checked by tools/federation/remote-routes.test.ts).
  const id = `${remote}/Routes` as ExposedModuleIdOf<'routes'>;
  return (
    <RemoteModule id={id} loading={<RemoteLoading />} unavailable={(retry) => <RemoteUnavailable remote={remote} onRetry={retry} />}>
      {(mod) => {
        const Page = mod.routes[path];
        if (!Page) throw new Error(`Remote ${remote} has no page for ${path}`);
        return (
          <>
            <Page />
            <ReleasePrerendered />
          </>
        );
      }}
    </RemoteModule>
  );
}
