import { lazy, Suspense, type ComponentType } from 'react';
import { loadRemoteModule } from './remote-loader';
import { useShellSession } from './session-context';

function isComponentModule(mod: unknown): mod is { default: ComponentType } {
  return typeof mod === 'object' && mod !== null && typeof (mod as { default?: unknown }).default === 'function';
}

const CmsOverlay = lazy(() =>
  loadRemoteModule('cms', 'Overlay', isComponentModule).catch(() => ({ default: () => null })),
);

/**
 * The cms remote's editing overlay, fetched only for a signed-in editor: a visitor never
 * downloads editor code. If the cms remote is down the page simply has no overlay.
 */
export function EditorOverlay() {
  const session = useShellSession();
  if (!session?.roles.includes('editor')) return null;
  return (
    <Suspense fallback={null}>
      <CmsOverlay />
    </Suspense>
  );
}
