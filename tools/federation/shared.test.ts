import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without type declarations
import { sharedSingletons } from './shared.mjs';

describe('shared singletons', () => {
  it('shares react, react-dom, the router and the design system as singletons; never react-router itself', () => {
    const shared = sharedSingletons() as Record<string, { singleton: boolean }>;
    expect(shared['react-router']).toBeUndefined();
    for (const name of ['react', 'react-dom', '@croft/router', '@croft/ui', '@croft/session', '@croft/federation-bridge', '@croft/query']) expect(shared[name].singleton).toBe(true);
    // One QueryClient and react-query context come through @croft/query (tree-shaken), never the whole package.
    expect(shared['@tanstack/react-query']).toBeUndefined();
  });
});

/** Every non-test source file under the browser-side folders (the shell, the remotes, the libs). */
function browserSources(): string[] {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name)) {
        files.push(path);
      }
    }
  };
  for (const top of ['shell', 'remotes', 'libs']) walk(join(root, top));
  return files;
}

describe('zod/mini, shared as a re-export of what browser code calls', () => {
  it('is provided by zod-mini.mjs as a singleton', () => {
    const shared = sharedSingletons() as Record<string, { singleton: boolean; import: string }>;
    expect(shared['zod/mini'].singleton).toBe(true);
    expect(shared['zod/mini'].import).toMatch(/tools\/federation\/zod-mini\.mjs$/);
  });

  it('re-exports every zod/mini function browser code calls (a missing one would be undefined at run time)', async () => {
    // @ts-expect-error plain ESM module without type declarations
    const reexported = new Set(Object.keys(await import('./zod-mini.mjs')));
    const called = new Set<string>();
    for (const file of browserSources()) {
      const source = readFileSync(file, 'utf8');
      // Named imports from zod/mini would bypass the `z.` scan below: keep to `import * as z`.
      expect(source, file).not.toMatch(/import\s*\{[^}]*\}\s*from\s*'zod\/mini'/);
      if (!/from 'zod\/mini'/.test(source)) continue;
      for (const [, name] of source.matchAll(/\bz\.(\w+)\s*\(/g)) called.add(name);
    }
    expect(called.size).toBeGreaterThan(10);
    expect([...called].filter((name) => !reexported.has(name))).toEqual([]);
  });
});
