import { RemoteModule } from '@croft/federation-bridge';
import { useShellSession } from './session-context';

/**
 * The cms remote's editing overlay, fetched only for a signed-in editor: a visitor never
 * downloads editor code. If the cms remote is down the page simply has no overlay (the loader
 * logs the failure once).
 */
export function EditorOverlay() {
  const session = useShellSession();
  if (!session?.roles.includes('editor')) return null;
  return (
    <RemoteModule id="cms/Overlay" loading={null} unavailable={() => null}>
      {({ default: Overlay }) => <Overlay />}
    </RemoteModule>
  );
}
