/**
 * The one list of shared singletons for the shell and every remote. Each config imports
 * this file instead of copying the list, so a version bump or a new singleton is one edit.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const versionOf = (pkg) => JSON.parse(readFileSync(`${nodeModules}${pkg}/package.json`, 'utf8')).version;

/** npm packages that must exist once per page (React context, router state, query cache). */
const SINGLETON_PACKAGES = ['react', 'react-dom', 'react-router'];

/** Every react-router export the shell, remotes and libs use (types excluded). */
export const ROUTER_EXPORTS = [
  'BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes',
  'useLocation', 'useNavigate', 'useParams',
];

/** Workspace libraries that must be shared too (one toaster, one set of tokens). */
const SINGLETON_LIBS = ['@croft/ui', '@croft/federation-bridge', '@croft/session'];

/** @param {{ production?: boolean }} [options] tree-shake the shared router in production builds */
export function sharedSingletons({ production = true } = {}) {
  const shared = {};
  for (const pkg of SINGLETON_PACKAGES) {
    shared[pkg] = { singleton: true, requiredVersion: `^${versionOf(pkg)}` };
  }
  // A shared module is normally bundled whole: react-router would cost ~60 KB gzip on every
  // visit. Federation's shared tree shaking keeps only the exports the workspace uses. The list
  // is checked against every import by tools/federation/shared.test.ts, so a remote that starts
  // using another export fails the tests instead of getting a second router at run time.
  // (Production only: the dev server's bundler runtime breaks with it, and size is moot there.)
  if (production) shared['react-router'].treeShaking = { mode: 'runtime-infer', usedExports: [...ROUTER_EXPORTS] };
  // react-dom/client is imported by its own path; share it under the same rules as react-dom.
  shared['react-dom/client'] = { singleton: true, requiredVersion: `^${versionOf('react-dom')}` };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: `^${versionOf('react')}` };
  for (const lib of SINGLETON_LIBS) {
    // Workspace libs have no package.json version: the workspace builds them together.
    shared[lib] = { singleton: true, requiredVersion: false, version: '0.0.0' };
  }
  return shared;
}

/** Remote names as federation containers (valid JS identifiers) and their folders and dev ports. */
export const REMOTES = {
  site: { dir: 'remotes/site', devPort: 4201 },
  common_room: { dir: 'remotes/common-room', devPort: 4202 },
  loyalty: { dir: 'remotes/loyalty', devPort: 4203 },
  cinema: { dir: 'remotes/cinema', devPort: 4204 },
  cms: { dir: 'remotes/cms', devPort: 4205 },
};
export const SHELL_DEV_PORT = 4200;
