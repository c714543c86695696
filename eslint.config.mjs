import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Dependency rules of the engineering guide (§3), on two axes of tags: scope:* says whose code
 * it is (and browser vs server), type:* says what layer it is. Every rule names its reason.
 */
const depConstraints = [
  // --- scope axis ---
  // The shell composes remotes at run time only; at build time it sees shared libs alone.
  { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared'] },
  // A remote is one team's app: it may use shared libs but never another remote or the shell.
  { sourceTag: 'scope:site', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:common-room', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:loyalty', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:cinema', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:cms', onlyDependOnLibsWithTags: ['scope:shared'] },
  // Shared libs are used by every app, so they cannot reach into any one app or the server.
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // Server code may use server code and the pure contracts, never browser UI or features.
  {
    sourceTag: 'scope:server',
    onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
    notDependOnLibsWithTags: ['type:ui', 'type:feature', 'type:remote'],
    bannedExternalImports: ['react', 'react-dom', 'react-router', 'msw', '@module-federation/*'],
  },
  // --- type axis ---
  // Apps compose: features, UI, data access, utilities; server apps also mount services and tools.
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:service', 'type:tool'] },
  // A remote is built from features, UI, data access and utilities; never another remote.
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
  // Features combine UI with data; they are not apps and do not know about remotes.
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util'] },
  // Data access talks to services through contracts; it never renders.
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:tool'] },
  // The design system depends on utilities only, so any app can take it without pulling features.
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util'] },
  // Utilities are the leaves of the graph: they import nothing of ours.
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
  // A service owns its domain; it may use the kit, contracts and tools, never another service.
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:tool'] },
  // Tools (embedded store, dev orchestration, e2e) sit beside the product and may use anything below apps.
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:tool', 'type:data-access', 'type:util', 'type:service'] },
];

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
      // One router instance per page: routing comes from the shared @croft/router (see its index).
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router', message: "Import from '@croft/router' (the shared, tree-shaken router)." }] }],
    },
  },
  {
    files: ['libs/router/src/**'],
    rules: { 'no-restricted-imports': 'off' },
  },

  {
    // Build configuration is not product code: it may read the shared federation helper.
    files: ['**/rspack.config.mjs', '**/*.config.ts', '.storybook/**'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
