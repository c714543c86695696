/**
 * The remote registry (libs/contracts/src/remotes.ts) for Node-loaded tooling: rspack configs and
 * eslint.config.mjs run as plain ESM, so they load the TypeScript registry through tsx. The
 * registry file has no imports, so this is quick.
 */
import { tsImport } from 'tsx/esm/api';

const registry = await tsImport('../../libs/contracts/src/remotes.ts', import.meta.url);

/** @type {readonly import('../../libs/contracts/src/remotes.ts').RemoteEntry[]} */
export const REMOTES = registry.REMOTES;
// A bad admin panel entry (no card, a reserved or shared path) stops every build and lint at once.
registry.adminPanels(registry.REMOTES);

/** @type {number} */
export const SHELL_DEV_PORT = registry.SHELL_DEV_PORT;
/** @type {(name: string) => string} */
export const remoteDevEntry = registry.remoteDevEntry;

/** The registry entry for a remote, by federation name or folder; a clear error for anything else. */
export function findRemote(nameOrFolder) {
  const remote = REMOTES.find((r) => r.name === nameOrFolder || r.folder === nameOrFolder);
  if (!remote) {
    const known = REMOTES.map((r) => r.folder).join(', ');
    throw new Error(`"${nameOrFolder}" is not in the remote registry (libs/contracts/src/remotes.ts); known: ${known}`);
  }
  return remote;
}
