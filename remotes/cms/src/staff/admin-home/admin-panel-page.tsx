import type { AdminPanel } from '@croft/contracts/remotes';
import { RemoteModule, RemoteUnavailable, type RemoteModuleShapes } from '@croft/federation-bridge';
import { PageFrame, Spinner } from '@croft/ui';

/**
 * /admin/<path>/*: another team's admin panel, loaded from its remote through federation when
 * opened, with the same fallback and Retry as any remote.
 */
export function AdminPanelPage({ panel }: { panel: AdminPanel }) {
  return (
    <RemoteModule
      id={panel.id}
      loading={
        <PageFrame title={panel.title} section="home" eyebrow="Staff area">
          <Spinner label={`Loading ${panel.title}`} />
        </PageFrame>
      }
      unavailable={(retry) => <RemoteUnavailable remote={panel.remote} onRetry={retry} />}
    >
      {(mod) => {
        const Panel = (mod as unknown as RemoteModuleShapes['admin']).default;
        return <Panel basePath={`/admin/${panel.path}`} />;
      }}
    </RemoteModule>
  );
}
