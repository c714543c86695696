import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without type declarations
import { ROUTER_EXPORTS, sharedSingletons } from './shared.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Value imports (not `type` ones) from react-router across the browser code. */
function routerImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const dir of ['shell', 'remotes', 'libs']) {
    for (const file of sourceFiles(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router'/g)) {
        if (match[1]) continue;
        for (const raw of match[2].split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ')) continue;
          const exported = name.split(/\s+as\s+/)[0];
          used.set(exported, [...(used.get(exported) ?? []), file.slice(root.length + 1)]);
        }
      }
    }
  }
  return used;
}

describe('shared singletons', () => {
  it('keeps every react-router export the code uses in the tree-shaken shared router', () => {
    const used = routerImports();
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used.keys()].filter((name) => !ROUTER_EXPORTS.includes(name));
    expect(missing, `add to ROUTER_EXPORTS in tools/federation/shared.mjs: ${missing.join(', ')}`).toEqual([]);
  });

  it('shares react, react-dom, react-router and the design system as singletons', () => {
    const shared = sharedSingletons() as Record<string, { singleton: boolean }>;
    for (const name of ['react', 'react-dom', 'react-router', '@croft/ui']) expect(shared[name].singleton).toBe(true);
  });
});
