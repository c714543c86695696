import { remoteByName, type AdminPanel, type AdminPanelProps, type ExposedModuleId } from '@croft/contracts/remotes';
import { RemoteModule, type RemoteModuleShapes } from '@croft/federation-bridge';
import { Button, Spinner } from '@croft/ui';

/** The analytics team's admin module in the remote registry (its own page is /admin/analytics). */
export const ANALYTICS_PANEL_ID: ExposedModuleId = 'common_room/Analytics';

/** The analytics panel among the registered ones, or null when no remote registers it. */
export function analyticsPanelIn(panels: readonly AdminPanel[]): AdminPanel | null {
  return panels.find((p) => p.id === ANALYTICS_PANEL_ID) ?? null;
}

const VIEW_WORDS: Record<NonNullable<AdminPanelProps['view']>, string> = {
  site: 'the site analytics',
  members: 'the member analytics',
  legacy: 'the member analytics tables',
};

/**
 * One of the analytics module's screens inside a page of the cms's own (the staff home, member
 * analytics): loaded through federation when shown, with a spinner meanwhile and, when its remote
 * does not load, the same words and Retry as any remote, in place (the rest of the page stays).
 */
export function AnalyticsView({ panel, view }: { panel: AdminPanel; view: NonNullable<AdminPanelProps['view']> }) {
  return (
    <RemoteModule
      id={panel.id}
      loading={<Spinner label={`Loading ${VIEW_WORDS[view]}`} />}
      unavailable={(retry) => (
        <div className="cms-admin-unavailable">
          <p role="alert">
            {remoteByName(panel.remote).label} didn't load, so {VIEW_WORDS[view]} can't show just now. It's probably a blip on the line, so give it another go.
          </p>
          <Button onClick={retry}>Retry</Button>
        </div>
      )}
    >
      {(mod) => {
        const Panel = (mod as unknown as RemoteModuleShapes['admin']).default;
        return <Panel basePath={`/admin/${panel.path}`} view={view} />;
      }}
    </RemoteModule>
  );
}
