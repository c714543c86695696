import type { RemoteManifest, RemoteName } from '@croft/contracts';
import type { GatewayConfig } from './config';

/** Remote name (federation container) → folder under dist/remotes and URL prefix. */
export const REMOTE_DIRS: Record<RemoteName, string> = {
  site: 'site',
  common_room: 'common-room',
  loyalty: 'loyalty',
  cinema: 'cinema',
  cms: 'cms',
};

const OVERRIDES: Record<RemoteName, keyof GatewayConfig> = {
  site: 'REMOTE_SITE_URL',
  common_room: 'REMOTE_COMMON_ROOM_URL',
  loyalty: 'REMOTE_LOYALTY_URL',
  cinema: 'REMOTE_CINEMA_URL',
  cms: 'REMOTE_CMS_URL',
};

/** The runtime manifest: each remote's entry, served from this gateway unless overridden. */
export function buildRemoteManifest(config: Pick<GatewayConfig, (typeof OVERRIDES)[RemoteName]>): RemoteManifest {
  const remotes = {} as Record<RemoteName, string>;
  for (const [name, dir] of Object.entries(REMOTE_DIRS) as [RemoteName, string][]) {
    const override = config[OVERRIDES[name]] as string | undefined;
    remotes[name] = override ?? `/remotes/${dir}/remoteEntry.js`;
  }
  return { remotes };
}
