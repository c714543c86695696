import { z } from 'zod';
import {
  REMOTES,
  remoteEntryPath,
  remoteUrlVariable,
  type RemoteManifest,
  type RemoteName,
  type RemoteUrlVariable,
} from '@croft/contracts';

/** Remote name (federation container) → folder under dist/remotes and URL prefix, from the registry. */
export const REMOTE_DIRS = Object.fromEntries(REMOTES.map((r) => [r.name, r.folder])) as Record<RemoteName, string>;

const remoteUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { error: 'must be an http(s) URL or a path starting with /' })
  .optional();

/**
 * Redeploy one remote elsewhere without rebuilding the shell: REMOTE_<NAME>_URL for every remote
 * of the registry (REMOTE_SITE_URL, REMOTE_COMMON_ROOM_URL, ...), spread into the gateway's config.
 */
export const remoteUrlShape = Object.fromEntries(REMOTES.map((r) => [remoteUrlVariable(r.name), remoteUrl])) as Record<
  RemoteUrlVariable,
  typeof remoteUrl
>;

/** The runtime manifest: each remote's entry, served from this gateway unless overridden. */
export function buildRemoteManifest(
  config: Partial<Record<RemoteUrlVariable, string>> & { REMOTE_OVERRIDE_ORIGINS?: readonly string[] },
): RemoteManifest {
  const remotes = {} as Record<RemoteName, string>;
  for (const { name } of REMOTES) remotes[name] = config[remoteUrlVariable(name)] ?? remoteEntryPath(name);
  const overrides = config.REMOTE_OVERRIDE_ORIGINS ?? [];
  return overrides.length ? { remotes, qaOverrideOrigins: [...overrides] } : { remotes };
}
