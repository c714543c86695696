import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import { REMOTES } from './tools/federation/registry.mjs';

/**
 * Dependency rules of the engineering guide (§3), on two axes of tags: scope:* says whose code
 * it is (and browser vs server), type:* says what layer it is. Every rule names its reason.
 */
/** npm packages that only run on a server or at build time: never in a browser-side project. */
const SERVER_PACKAGES = [
  'express', 'express-rate-limit', 'helmet', 'compression', 'cookie-parser', 'mongoose', 'mongodb', 'bson', 'mingo',
  'nodemailer', 'maildev', 'sharp', 'sharp-phash', 'pino', 'otplib', '@simplewebauthn/server', '@aws-sdk/*',
  'supertest', 's3rver', 'autocannon', 'lighthouse', 'playwright', '@playwright/*', '@rspack/*', 'tsx',
];
/** Node's own modules ('fs', 'node:fs'): banned from browser-side source by no-restricted-imports below. */
const NODE_MESSAGE = 'Browser code: no Node built-in modules.';
const NODE_BUILTIN_PATHS = builtinModules.filter((m) => !m.startsWith('_')).map((name) => ({ name, message: NODE_MESSAGE }));
const NODE_PATTERNS = [{ regex: '^node:', message: NODE_MESSAGE }];

const depConstraints = [
  // --- scope axis ---
  // The shell composes remotes at run time only; at build time it sees shared libs alone, and it runs in the browser.
  { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared'], bannedExternalImports: SERVER_PACKAGES },
  // A remote is one team's app: it may use shared libs but never another remote or the shell; it runs in the browser.
  // (One rule per remote of the registry, libs/contracts/src/remotes.ts.)
  ...REMOTES.map((r) => ({ sourceTag: `scope:${r.folder}`, onlyDependOnLibsWithTags: ['scope:shared'], bannedExternalImports: SERVER_PACKAGES })),
  // Shared libs are used by every app in the browser, so they cannot reach into any one app, the server, or server packages.
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'], bannedExternalImports: SERVER_PACKAGES },
  // Server code may use server code and the pure contracts, never browser UI or features.
  {
    sourceTag: 'scope:server',
    onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
    notDependOnLibsWithTags: ['type:ui', 'type:feature', 'type:remote'],
    bannedExternalImports: ['react', 'react-dom', 'react-router', 'msw', '@module-federation/*'],
  },
  // Tooling (build, dev servers, tests, perf) runs beside the product in Node; it may use shared and server code, never an app's.
  { sourceTag: 'scope:tooling', onlyDependOnLibsWithTags: ['scope:tooling', 'scope:shared', 'scope:server'] },
  // --- type axis ---
  // Apps compose: features, UI, data access, utilities; server apps also mount services and tools.
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:service', 'type:tool'] },
  // A remote is built from features, UI, data access and utilities; never another remote.
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
  // Features combine UI with data; they are not apps and do not know about remotes.
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util'] },
  // Data access talks to services through contracts (or, on the server, to the store); it never renders and never reaches tools.
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  // The design system depends on utilities only, so any app can take it without pulling features.
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util'] },
  // Utilities are the leaves of the graph: they import nothing of ours.
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
  // A service owns its domain; it may use the kit, contracts and test tools (mail catcher), never another service.
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:tool'] },
  // Tools sit beside the product and may use anything below apps; test set-up also installs the design system's test stand-ins.
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:tool', 'type:data-access', 'type:util', 'type:service', 'type:ui'] },
];

// Tests may also use test tools (the service kit's mailer test runs the mail catcher); product data access never reaches a tool.
const testDepConstraints = depConstraints.map((c) =>
  c.sourceTag === 'type:data-access' ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:tool'] } : c,
);

/** Browser-side source: the shell, every remote and the shared libs (all scope:shell/remote/shared projects). */
const BROWSER_FILES = ['shell/**/*.{ts,tsx,mjs,js}', 'remotes/**/*.{ts,tsx,mjs,js}', 'libs/**/*.{ts,tsx,mjs,js}'];
// One router instance per page: routing comes from the shared @croft/router (see its index).
const ROUTER_PATHS = [{ name: 'react-router', message: "Import from '@croft/router' (the shared, tree-shaken router)." }];
// One QueryClient and one react-query context per page: data fetching comes from the shared @croft/query.
const QUERY_PATHS = [{ name: '@tanstack/react-query', message: "Import from '@croft/query' (the page's one QueryClient)." }];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', 'tmp/**', 'storybook-static/**', '**/mockServiceWorker.js', 'coverage/**', 'test-results/**', 'playwright-report/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      'no-restricted-imports': ['error', { paths: [...ROUTER_PATHS, ...QUERY_PATHS] }],
    },
  },
  {
    // Browser code cannot use Node's modules (the bundle would break or carry a polyfill); nor react-router directly.
    files: BROWSER_FILES,
    ignores: ['**/*.test.{ts,tsx}', 'remotes/site/prerender/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...ROUTER_PATHS, ...QUERY_PATHS, ...NODE_BUILTIN_PATHS], patterns: NODE_PATTERNS }],
    },
  },
  {
    // The shared router is the one place that wraps react-router (Node modules stay banned there).
    files: ['libs/router/src/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: NODE_BUILTIN_PATHS, patterns: NODE_PATTERNS }] },
  },
  {
    // The shared data layer is the one place that wraps react-query.
    files: ['libs/query/src/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [...ROUTER_PATHS, ...NODE_BUILTIN_PATHS], patterns: NODE_PATTERNS }] },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints: testDepConstraints }] },
  },
  {
    // Node loads the shell's rspack config itself (no path aliases), so it reaches the federation helper by path: that one import only.
    files: ['shell/rspack.config.mjs'],
    rules: { '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: ['../tools/federation/rspack-config.mjs'], depConstraints }] },
  },
);
