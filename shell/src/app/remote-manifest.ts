/**
 * Where each remote's remoteEntry.js lives comes from /mf-manifest.json, served by the gateway
 * (or the dev server), so a team can redeploy a remote without rebuilding the shell. The remotes
 * themselves are the registry's (@croft/contracts/remotes).
 * Kept free of zod on purpose: this runs before first paint on every visit.
 */
import { REMOTE_NAMES, remoteEntryPath, type RemoteName } from '@croft/contracts/remotes';

/** `?remote.cinema=<url>` (the same prefix as REMOTE_OVERRIDE_PARAM_PREFIX in contracts' federation.ts). */
const OVERRIDE_PREFIX = 'remote.';

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

export interface RemoteOverrides {
  locations: RemoteLocations;
  /** Remotes loaded from QA's URL instead of the manifest. */
  applied: { remote: RemoteName; url: string }[];
  /** Overrides asked for and refused, with why. */
  refused: { param: string; reason: string }[];
}

/**
 * QA points one remote at another build with `?remote.<name>=<url>`: honoured only for a remote of
 * the registry, an http(s) URL, and an origin the gateway allow-lists in the manifest
 * (`qaOverrideOrigins`, from REMOTE_OVERRIDE_ORIGINS; none by default, so a production start
 * honours nothing). Anything else is refused and the manifest's location stays.
 */
export function applyRemoteOverrides(
  locations: RemoteLocations,
  allowedOrigins: readonly string[],
  search: string,
): RemoteOverrides {
  const out: RemoteOverrides = { locations: { ...locations }, applied: [], refused: [] };
  for (const [param, value] of new URLSearchParams(search)) {
    if (!param.startsWith(OVERRIDE_PREFIX)) continue;
    const remote = param.slice(OVERRIDE_PREFIX.length) as RemoteName;
    if (!REMOTE_NAMES.includes(remote)) {
      out.refused.push({ param, reason: 'no such remote' });
      continue;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      out.refused.push({ param, reason: 'not a URL' });
      continue;
    }
    if (!/^https?:$/.test(url.protocol) || !allowedOrigins.includes(url.origin)) {
      out.refused.push({ param, reason: `origin ${url.origin} is not allow-listed (REMOTE_OVERRIDE_ORIGINS)` });
      continue;
    }
    out.locations[remote] = url.href;
    out.applied.push({ remote, url: url.href });
  }
  return out;
}

function allowListOf(value: unknown): string[] {
  const list = typeof value === 'object' && value !== null ? (value as { qaOverrideOrigins?: unknown }).qaOverrideOrigins : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

export async function fetchRemoteManifest(
  fetchImpl: typeof fetch = fetch,
  search: string = typeof location === 'undefined' ? '' : location.search,
): Promise<RemoteLocations> {
  let manifest: unknown;
  let locations: RemoteLocations;
  try {
    const res = await fetchImpl('/mf-manifest.json', { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    manifest = await res.json();
    locations = parseRemoteManifest(manifest);
  } catch (error) {
    console.error('[shell] remote manifest unavailable, using default locations:', error);
    locations = DEFAULT_LOCATIONS;
  }
  if (!search.includes(OVERRIDE_PREFIX)) return locations;
  const overrides = applyRemoteOverrides(locations, allowListOf(manifest), search);
  for (const { remote, url } of overrides.applied) console.warn(`[shell] QA: remote ${remote} loads from ${url}`);
  for (const { param, reason } of overrides.refused) console.warn(`[shell] QA override ${param} refused: ${reason}`);
  return overrides.locations;
}
