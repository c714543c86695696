/**
 * The one list of shared singletons for the shell and every remote. Each config imports
 * this file instead of copying the list, so a version bump or a new singleton is one edit.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const versionOf = (pkg) => JSON.parse(readFileSync(`${nodeModules}${pkg}/package.json`, 'utf8')).version;

/** npm packages that must exist once per page (React context). */
const SINGLETON_PACKAGES = ['react', 'react-dom'];

/** Workspace libraries that must be shared too (one toaster, one set of tokens). */
// @croft/router re-exports the part of react-router we use: shared whole, it stays small.
// The imagery catalogue and the content client are read by the shell (navigation previews, the
// brand name) and by the site on every public page: one copy each instead of one per build.
const SINGLETON_LIBS = [
  '@croft/ui',
  '@croft/router',
  '@croft/federation-bridge',
  '@croft/session',
  '@croft/query',
  '@croft/contracts/imagery',
  '@croft/api-client/content',
];

export function sharedSingletons() {
  const shared = {};
  for (const pkg of SINGLETON_PACKAGES) {
    shared[pkg] = { singleton: true, requiredVersion: `^${versionOf(pkg)}` };
  }
  // react-dom/client is imported by its own path; share it under the same rules as react-dom.
  shared['react-dom/client'] = { singleton: true, requiredVersion: `^${versionOf('react-dom')}` };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: `^${versionOf('react')}` };
  for (const lib of SINGLETON_LIBS) {
    // Workspace libs have no package.json version: the workspace builds them together.
    shared[lib] = { singleton: true, requiredVersion: false, version: '0.0.0' };
  }
  // zod/mini (contracts, api-client) once per page, not once per build: a re-export of the
  // functions browser code calls (zod-mini.mjs), so the shared copy stays tree-shaken.
  shared['zod/mini'] = {
    import: fileURLToPath(new URL('./zod-mini.mjs', import.meta.url)),
    singleton: true,
    requiredVersion: `^${versionOf('zod')}`,
    version: versionOf('zod'),
  };
  return shared;
}
