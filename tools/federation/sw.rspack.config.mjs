/**
 * The shell's service worker (shell/src/sw.ts) as one plain script at dist/shell/sw.js: no federation,
 * no chunks, no hash (its address is fixed: the gateway serves it at /sw.js with no-cache, and the
 * browser checks it for updates). Runs after the shell's build, which cleans dist/shell.
 */
import { resolve } from 'node:path';
import { rspack } from '@rspack/core';
import { workspaceRoot } from './rspack-config.mjs';

export default (_env = {}, argv = {}) => {
  const mode = argv.mode ?? 'production';
  return {
    mode,
    context: resolve(workspaceRoot, 'shell'),
    target: ['webworker', 'es2022'],
    entry: { sw: './src/sw.ts' },
    devtool: false,
    output: {
      path: resolve(workspaceRoot, 'dist/shell'),
      filename: '[name].js',
      clean: false,
      chunkFormat: false,
      asyncChunks: false,
    },
    resolve: {
      extensions: ['.ts', '.mjs', '.js'],
      tsConfig: { configFile: resolve(workspaceRoot, 'tsconfig.base.json') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) })],
    optimization: { minimize: mode === 'production', splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
};
