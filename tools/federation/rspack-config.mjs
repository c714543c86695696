/**
 * One rspack configuration builder for the shell and every remote. Remotes have no config file
 * of their own: remote.rspack.config.mjs builds any remote from its registry entry
 * (libs/contracts/src/remotes.ts), so the registry is the one place that says what it exposes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedSingletons } from './shared.mjs';
import { findRemote, REMOTES, remoteDevEntry, SHELL_DEV_PORT } from './registry.mjs';

export const workspaceRoot = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * @param {object} o
 * @param {string} o.name        federation container name ('shell', 'site', 'common_room', ...)
 * @param {string} o.projectDir  folder relative to the workspace root
 * @param {Record<string,string>} [o.exposes] federation exposes (remotes only)
 * @param {boolean} [o.isShell]
 * @param {string} o.title       HTML title of the (standalone) page
 */
export function createFederatedConfig({ name, projectDir, exposes, isShell = false, title }) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
    const isProd = mode === 'production';
    const root = resolve(workspaceRoot, projectDir);
    const devPort = isShell ? SHELL_DEV_PORT : findRemote(name).devPort;
    // A remote's production build is its remoteEntry.js and chunks only. Its standalone page
    // (MSW mocks + router) is built by the dev server and by `--env standalone` for QA, into
    // its own folder, so mock code never sits beside what the gateway serves to visitors.
    const isServe = process.argv.includes('serve') || Boolean(env.WEBPACK_SERVE) || Boolean(env.RSPACK_SERVE);
    const withPage = isShell || isServe || Boolean(env.standalone);
    const outDir = !isShell && env.standalone ? resolve(workspaceRoot, 'dist/standalone', projectDir.replace(/^remotes\//, ''))
      : resolve(workspaceRoot, 'dist', projectDir);

    return {
      mode,
      context: root,
      target: ['web', 'es2022'],
      entry: withPage ? { main: './src/main.ts' } : {},
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        // Remotes resolve chunks next to their remoteEntry.js wherever the manifest points.
        publicPath: isShell || env.standalone ? '/' : 'auto',
        filename: isProd ? 'assets/[name].[contenthash:10].js' : '[name].js',
        // The shell's chunks are named by id, its first-load chunk too: the gateway finds the
        // chunks that provide shared modules by those ids (preload hints).
        chunkFilename: isProd ? `assets/[${isShell ? 'id' : 'name'}].[contenthash:10].js` : '[name].js',
        cssFilename: isProd ? 'assets/[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: isProd ? 'assets/[name].[contenthash:10].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        tsConfig: { configFile: resolve(workspaceRoot, 'tsconfig.base.json') },
        alias: isProd ? productionAliases() : {},
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(woff2?|png|jpe?g|svg|webp|avif|gif)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isShell ? undefined : 'remoteEntry.js',
          exposes: isShell ? undefined : exposes,
          // The shell knows no remote at build time: it registers them from /mf-manifest.json.
          remotes: {},
          shared: sharedSingletons(),
          // The shell provides every shared singleton before any remote loads, so a remote simply
          // takes what is loaded. The default ('version-first') has the runtime initialise every
          // registered remote's share scope at start to compare versions: on a visitor's first
          // load, extra federation work on the main thread for an answer known in advance.
          shareStrategy: 'loaded-first',
          dts: false,
          // Build manifest (assets per expose/shared) for the gateway's preload hints. Not named
          // mf-manifest.json: that path is the runtime manifest of remote locations.
          manifest: { fileName: 'federation-build.json' },
          experiments: {
            // One copy of the federation runtime per page: the shell provides it and the
            // remotes' entries use it (~33 KB gzip less for every visitor). A standalone page
            // is its own host, so it keeps its runtime.
            ...(isShell && !isServe ? { provideExternalRuntime: true } : {}),
            ...(!isShell && !withPage ? { externalRuntime: true } : {}),
            // Remotes are registered by URL, never by manifest: the snapshot plugin is dead code.
            // Browser only: the runtime's Node script loaders are dead code too (~2 KB gzip in
            // the shell's main.js and again in each remoteEntry.js).
            // A remote's entry declares no remotes of its own (`remotes: {}`): it opens another
            // remote through @croft/federation-bridge, i.e. the shell's runtime, so the bundler's
            // remote-loading handler is dead code in it (~0.6 KB gzip per remoteEntry.js). A
            // standalone page is its own host and keeps it.
            optimization: { disableSnapshot: true, target: 'web', ...(!isShell && !withPage ? { disableRemote: true } : {}) },
          },
        }),
        withPage &&
          new rspack.HtmlRspackPlugin({
            // The shell has its own page; every remote's standalone page is the same template.
            template: isShell ? resolve(root, 'src/index.html') : resolve(workspaceRoot, 'tools/federation/standalone.html'),
            title,
            minify: isProd,
          }),
        !isShell &&
          env.standalone &&
          new rspack.CopyRspackPlugin({ patterns: [{ from: resolve(workspaceRoot, 'tools/msw/public') }] }),
        esmFederationRuntime(),
        // V8's explicit compile hint: compile every function of the file eagerly, on the streaming
        // thread while it downloads, instead of lazily on the main thread at its first call. The
        // shell's chunks are the federation runtime, React DOM, the router/query/design-system
        // first load and its pages: nearly all of each runs as soon as it arrives. Measured on a
        // 4× slowed CPU (tools/perf/main-thread.ts, 3 runs): blocking time /cafe 469 → 142 ms,
        // / 285 → 133 ms; the page answers its first tap ~0.45 s sooner. After minification (which
        // would drop the comment), before the source maps are written (which count its line).
        isShell &&
          isProd &&
          new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: /\.js$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
        }),
      ].filter(Boolean),
      optimization: {
        minimize: isProd,
        // A shared module is already a chunk of its own: splitting its node_modules out as well
        // (react-query, zod) only adds a request on the first visit and stops the bundler hoisting
        // the two together (~2 KB gzip more on /). The shell's shared modules (design system,
        // content client, imagery, its own pages) have small modules in common: below the default
        // 20 KB each chunk got its own copy (the imagery catalogue three times), so the shell
        // splits common code from 1 KB.
        splitChunks: {
          ...(isShell ? { minSize: 1000 } : {}),
          cacheGroups: { defaultVendors: false, ...(isShell && isProd ? { firstLoad: firstLoadGroup() } : {}) },
        },
      },
      performance: { hints: false },
      devServer: {
        host: '127.0.0.1',
        port: devPort,
        hot: false,
        historyApiFallback: true,
        // The shell page (:4200) talks to each remote's dev server; they bind loopback only.
        allowedHosts: 'all',
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: isShell ? [] : [{ directory: resolve(workspaceRoot, 'tools/msw/public'), watch: false }],
        // The shell's dev server answers the runtime manifest itself, pointing at every remote's
        // dev server (from the registry); in production the gateway serves it.
        setupMiddlewares: (middlewares) =>
          isShell
            ? [
                { name: 'mf-manifest', path: '/mf-manifest.json', middleware: serveDevManifest },
                { name: 'service-worker', path: '/sw.js', middleware: serveDevServiceWorker },
                ...middlewares,
              ]
            : middlewares,
        proxy: isShell ? [{ context: ['/api'], target: 'http://127.0.0.1:3000' }] : [],
      },
    };
  };
}

const requireHere = createRequire(import.meta.url);

/**
 * The shell's first load as one file. Each shared module was a chunk of its own (the design
 * system, the router, react-query, zod/mini, the session client, react...) and splitting at 1 KB
 * left small common chunks beside them: fifteen scripts every visitor fetched together, each
 * compressed alone. One chunk compresses them together (on `/`: 15 scripts, 58.1 KB gzip → one of
 * 51.7 KB and three small ones, 1.6 KB, shared with later chunks). It holds the bootstrap chunk (main.ts
 * imports './bootstrap') and the shared modules the shell provides, and only modules nothing else
 * loads, so no later chunk (the nudge runtime, the member menu) brings it along or lists it.
 * react-dom's client stays apart: the largest file by far, changed only by a React upgrade, so a
 * returning visitor keeps it cached across deploys. Every shared singleton is on the shell's first
 * load today; one that is not (provided for remotes only) belongs in `apart`.
 */
function firstLoadGroup() {
  const apart = new Set(['react-dom/client']);
  const firstKeys = new Set(Object.keys(sharedSingletons()).filter((key) => !apart.has(key)));
  const sharedKey = (id) => /^(?:provide|consume) shared module \(\w+\) (.+?)@/.exec(id)?.[1];
  const isFirstLoad = (chunk) =>
    [...chunk.groupsIterable].some((group) =>
      group.origins.some((origin) => origin.request === './bootstrap' || firstKeys.has(sharedKey(origin.module?.identifier() ?? ''))),
    );
  return {
    name: 'first-load',
    chunks: 'async',
    enforce: true,
    priority: 10,
    test: (module, { chunkGraph }) => {
      // A module that consumes a shared module stays where it was: in the chunk of the shared
      // module it waits for, that chunk would wait for itself.
      if (module.identifier().startsWith('consume shared module')) return false;
      const chunks = chunkGraph.getModuleChunks(module);
      return chunks.length > 0 && chunks.every(isFirstLoad);
    },
  };
}

/**
 * The federation runtime as ES modules. Rspack and the enhanced plugin find the runtime with
 * require.resolve, so every page got its CommonJS build, which the bundler cannot tree-shake:
 * the snapshot and preload helpers, the logger and the Node loaders stayed in the shell's main.js
 * and the bundler runtime in every remoteEntry.js, whatever `experiments.optimization` switched
 * off. Each of these packages ships an ES build beside it (`dist/x.js` for `dist/x.cjs`, or
 * `.mjs`); this points those requests there, and the ES build's own imports take the `import`
 * condition. Measured on `/`: main.js 33.5 → 26.6 KB gzip, the site's remoteEntry.js 15.0 → 9.5.
 * The shell still hands the whole runtime-core namespace to the remotes (provideExternalRuntime).
 */
function esmFederationRuntime() {
  const esmOf = (cjsPath) => [cjsPath.replace(/\.cjs$/, '.js'), cjsPath.replace(/\.cjs$/, '.mjs')].find((p) => existsSync(p));
  // Rspack aliases '@module-federation/runtime' to the package's CommonJS entry: ask for its ES one.
  const runtimeEsm = esmOf(requireHere.resolve('@module-federation/runtime'));
  return new rspack.NormalModuleReplacementPlugin(/^(@module-federation\/runtime|.*@module-federation[\\/][a-z-]+[\\/]dist[\\/].*\.cjs)$/, (data) => {
    if (data.createData?.resource) return; // before resolving only: the request decides the module type
    const esm = data.request === '@module-federation/runtime' ? runtimeEsm : esmOf(data.request);
    if (esm) data.request = esm;
  });
}

/**
 * react-router's package exports send every bundler to its development build (dev-only warnings
 * and invariants); a production build takes the production build it ships beside it (~0.5 KB gzip
 * less for every visitor). Only the bare specifier: @croft/router is the one importer.
 */
function productionAliases() {
  const routerProd = resolve(dirname(requireHere.resolve('react-router/package.json')), 'dist/production/index.mjs');
  return existsSync(routerProd) ? { 'react-router$': routerProd } : {};
}

/** The runtime manifest for `npm run dev`: each remote's entry on its own dev server. */
export function devRemoteManifest() {
  return { remotes: Object.fromEntries(REMOTES.map((r) => [r.name, remoteDevEntry(r.name)])) };
}

function serveDevManifest(_req, res) {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(JSON.stringify(devRemoteManifest()));
}

/**
 * /sw.js for `npm run dev`: the production worker config (tools/federation/sw.rspack.config.mjs)
 * built in development mode and watched, into dist/.dev-sw (never dist/shell, which a production
 * build owns). Started on the first request; later requests wait for the build in progress.
 */
let devServiceWorker;
function serveDevServiceWorker(_req, res) {
  devServiceWorker ??= startDevServiceWorker();
  devServiceWorker.ready().then(
    (file) => {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Service-Worker-Allowed', '/');
      res.end(readFileSync(file));
    },
    (error) => {
      res.statusCode = 500;
      res.end(`/* the service worker did not build: ${String(error?.message ?? error)} */`);
    },
  );
}

function startDevServiceWorker() {
  const outDir = resolve(workspaceRoot, 'dist/.dev-sw');
  // One pending build at a time: a change while a build is pending keeps the same promise.
  let settle = null;
  let current;
  const pending = () => {
    if (!settle) current = new Promise((resolveBuild, rejectBuild) => (settle = { resolveBuild, rejectBuild }));
  };
  const finish = (error, file) => {
    if (!settle) pending();
    const { resolveBuild, rejectBuild } = settle;
    settle = null;
    if (error) rejectBuild(error);
    else resolveBuild(file);
  };
  pending();
  import('./sw.rspack.config.mjs')
    .then(({ default: swConfig }) => {
      const config = swConfig({}, { mode: 'development' });
      const compiler = rspack({ ...config, output: { ...config.output, path: outDir } });
      compiler.hooks.invalid.tap('dev-sw', pending);
      compiler.watch({}, (error, stats) => {
        if (error || stats?.hasErrors()) finish(error ?? new Error(stats.toString('errors-only')));
        else finish(null, resolve(outDir, 'sw.js'));
      });
    })
    .catch((error) => finish(error));
  return { ready: () => current };
}

/**
 * The rspack config of one remote, named on the command line: `--env remote=<folder>`
 * (what the inferred Nx targets run). Its exposes come from the registry: './<key>' → file.
 */
export function createRemoteConfig(env = {}, argv = {}) {
  if (!env.remote) throw new Error('Name the remote: rspack -c tools/federation/remote.rspack.config.mjs --env remote=<folder>');
  const remote = findRemote(env.remote);
  const exposes = Object.fromEntries(Object.entries(remote.exposes).map(([key, { file }]) => [`./${key}`, `./${file}`]));
  return createFederatedConfig({
    name: remote.name,
    projectDir: `remotes/${remote.folder}`,
    title: `Croft Common — ${remote.folder.replace(/-/g, ' ')} (standalone)`,
    exposes,
  })(env, argv);
}
