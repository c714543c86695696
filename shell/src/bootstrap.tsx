import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '@croft/ui';
import '@croft/ui/global.css';
import { buildRoutes } from './app/routes';
import { registerRemoteLocations } from './app/remote-loader';
import type { RemoteLocations } from './app/remote-manifest';

export async function start(manifest: Promise<RemoteLocations>): Promise<void> {
  registerRemoteLocations(await manifest);
  const router = createBrowserRouter(buildRoutes());
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>,
  );
}
