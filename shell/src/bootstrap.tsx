import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@croft/router';
import { ToastProvider } from '@croft/ui';
import { QueryProvider } from '@croft/query';
import { restoreSession } from '@croft/session';
import { AppRoutes } from './app/routes';
import { SessionProvider } from './app/session-provider';
import { RemoteLoadError } from '@croft/federation-bridge';
import { registerRemoteLocations } from './app/remote-loader';
import type { RemoteLocations } from './app/remote-manifest';
import { capturePrerendered } from './app/prerendered';

export async function start(manifest: Promise<RemoteLocations>): Promise<void> {
  // Routes, the overlay and remotes that open other remotes (the site's loyalty card) all load
  // through the one loader, which the shell provides with the manifest's locations.
  registerRemoteLocations(await manifest);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  capturePrerendered();
  const root = createRoot(container, {
    // A remote that failed to load was logged once by the loader; its fallback is the UI.
    onCaughtError: (error) => {
      if (!(error instanceof RemoteLoadError)) console.error(error);
    },
  });
  // The first render is a transition: React renders it in slices and yields to the browser in
  // between, so taking over the prerendered page never blocks input for long (TBT). The
  // prerendered markup stays on screen meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryProvider>
          <ToastProvider>
            <SessionProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </SessionProvider>
          </ToastProvider>
        </QueryProvider>
      </StrictMode>,
    );
  });
  // A returning member's session comes back from the refresh cookie after first paint.
  void restoreSession();
}
