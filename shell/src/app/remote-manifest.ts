/**
 * Where each remote's remoteEntry.js lives comes from /mf-manifest.json, served by the gateway
 * (or the dev server), so a team can redeploy a remote without rebuilding the shell. The remotes
 * themselves are the registry's (@croft/contracts/remotes).
 * Kept free of zod on purpose: this runs before first paint on every visit.
 */
import { REMOTE_NAMES, remoteEntryPath, type RemoteName } from '@croft/contracts/remotes';

export type { RemoteName } from '@croft/contracts/remotes';
export type RemoteLocations = Record<RemoteName, string>;

/** Used when the manifest cannot be read: the gateway's default layout. */
export const DEFAULT_LOCATIONS = Object.fromEntries(REMOTE_NAMES.map((name) => [name, remoteEntryPath(name)])) as RemoteLocations;

export function parseRemoteManifest(value: unknown): RemoteLocations {
  if (typeof value !== 'object' || value === null || !('remotes' in value)) {
    throw new Error('Remote manifest has no "remotes" object');
  }
  const remotes = (value as { remotes: unknown }).remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new Error('Remote manifest "remotes" is not an object');
  const out = { ...DEFAULT_LOCATIONS };
  for (const name of REMOTE_NAMES) {
    const entry = (remotes as Record<string, unknown>)[name];
    if (entry === undefined) continue;
    if (typeof entry !== 'string' || entry.length === 0) throw new Error(`Remote manifest entry for ${name} is not a URL`);
    out[name] = entry;
  }
  return out;
}

export async function fetchRemoteManifest(fetchImpl: typeof fetch = fetch): Promise<RemoteLocations> {
  try {
    const res = await fetchImpl('/mf-manifest.json', { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseRemoteManifest(await res.json());
  } catch (error) {
    console.error('[shell] remote manifest unavailable, using default locations:', error);
    return DEFAULT_LOCATIONS;
  }
}
