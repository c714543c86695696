import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadTags, providedSharedChunks } from './preload';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function shellWith(main: string | null, chunks: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'preload-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  if (main !== null) writeFileSync(join(dir, 'assets/main.0123456789.js'), main);
  for (const chunk of chunks) writeFileSync(join(dir, 'assets', chunk), '');
  return dir;
}

describe('providedSharedChunks', () => {
  it("lists the provider factories' chunks, not the consumer fallbacks' copies", () => {
    const main =
      'x=[{name:"@croft/ui",version:"0.0.0",factory:()=>Promise.all([__webpack_require__.e(50),__webpack_require__.e(663)]).then(()=>()=>__webpack_require__(4450)),eager:0},' +
      '{name:"react",version:"19.3.1",factory:()=>__webpack_require__.e(121).then(()=>()=>__webpack_require__(1))}];' +
      'y={fallback:()=>Promise.all([__webpack_require__.e(50),__webpack_require__.e(44)]).then(()=>()=>__webpack_require__(4450))}';
    const dir = shellWith(main, ['50.aaaaaaaaaa.js', '663.bbbbbbbbbb.js', '44.cccccccccc.js', '121.dddddddddd.js']);
    expect(providedSharedChunks(dir)).toEqual(['assets/50.aaaaaaaaaa.js', 'assets/663.bbbbbbbbbb.js', 'assets/121.dddddddddd.js']);
  });

  it('reads a minified main.js too, whatever the bundler runtime is called there', () => {
    const main =
      'x=[{name:"react-dom",version:"19.3.1",factory:()=>Promise.all([u.e(265),u.e(166)]).then(()=>()=>u(8325)),eager:0},' +
      '{name:"react-dom/client",version:"19.3.1",factory:()=>$.e(275).then(()=>()=>$(1))}];';
    const dir = shellWith(main, ['265.aaaaaaaaaa.js', '275.bbbbbbbbbb.js']);
    // 166 has no file of its own (a runtime-only chunk id): nothing to preload for it.
    expect(providedSharedChunks(dir)).toEqual(['assets/265.aaaaaaaaaa.js', 'assets/275.bbbbbbbbbb.js']);
  });

  it('answers null when main.js is missing or has no provider factories (callers keep the manifest lists)', () => {
    expect(providedSharedChunks(shellWith(null, []))).toBeNull();
    expect(providedSharedChunks(shellWith('console.log(1)', []))).toBeNull();
  });
});

describe('preloadTags', () => {
  it('writes one tag per hint; the manifest fetch is a CORS preload, so the runtime\'s fetch reuses it', () => {
    const tags = preloadTags([
      { href: '/remotes.json', as: 'fetch' },
      { href: '/assets/main.1.js', as: 'script' },
      { href: '/assets/site.2.css', as: 'style' },
    ]);
    expect(tags).toBe(
      '<link rel="preload" href="/remotes.json" as="fetch" crossorigin>' +
        '<link rel="preload" href="/assets/main.1.js" as="script">' +
        '<link rel="preload" href="/assets/site.2.css" as="style">',
    );
  });
});
