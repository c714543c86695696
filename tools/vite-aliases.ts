/**
 * Turns the path aliases of tsconfig.base.json into Vite/Vitest aliases, so the
 * workspace has one list of `@croft/*` names (rspack reads the same file through
 * `resolve.tsConfig`).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function workspaceAliases(): { find: string | RegExp; replacement: string }[] {
  const raw = readFileSync(resolve(workspaceRoot, 'tsconfig.base.json'), 'utf8');
  const paths = JSON.parse(raw).compilerOptions.paths as Record<string, string[]>;
  return Object.entries(paths)
    // longest first so '@croft/mocks/browser' wins over '@croft/mocks'
    .sort(([a], [b]) => b.length - a.length)
    .map(([name, [target]]) => ({
      find: new RegExp(`^${name.replace(/[/]/g, '\\/')}$`),
      replacement: resolve(workspaceRoot, target),
    }));
}
