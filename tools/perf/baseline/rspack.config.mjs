/**
 * The yardstick for initial JS: a bare React 19 host that loads one federated remote, built
 * with the same rspack + @module-federation/enhanced as the site (guide §12).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const here = resolve(fileURLToPath(import.meta.url), '..');
const out = resolve(here, '../../../dist/perf-baseline');
const shared = { react: { singleton: true }, 'react-dom': { singleton: true } };

const base = (name, dir, extra) => ({
  mode: 'production',
  context: resolve(here, dir),
  target: ['web', 'es2022'],
  output: { path: resolve(out, dir), publicPath: dir === 'host' ? '/' : '/remote/', filename: '[name].[contenthash:8].js', clean: true, uniqueName: name },
  performance: { hints: false },
  ...extra,
});

export default [
  base('baseline_host', 'host', {
    entry: { main: './main.js' },
    plugins: [
      new ModuleFederationPlugin({ name: 'baseline_host', remotes: {}, shared, dts: false, manifest: false }),
      new rspack.HtmlRspackPlugin({ templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body><div id="root"></div></body></html>' }),
    ],
  }),
  base('baseline_remote', 'remote', {
    entry: {},
    plugins: [
      new ModuleFederationPlugin({ name: 'baseline_remote', filename: 'remoteEntry.js', exposes: { './App': './app.js' }, shared, dts: false, manifest: false }),
    ],
  }),
];
