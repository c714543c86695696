import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteManifest, RemoteName } from '@croft/contracts';
import { REMOTE_DIRS } from './manifest';

/** The part of a federation build manifest (federation-build.json) we read. */
interface BuildManifest {
  exposes?: { path: string; assets: Assets }[];
  shared?: { name: string; assets: Assets }[];
}
interface Assets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

function readBuildManifest(dir: string): BuildManifest | null {
  const file = join(dir, 'federation-build.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/**
 * One preload hint: what to fetch and as what. `fetch` is the remote manifest, which a prerendered
 * page asks for after its first paint (the shell's index.html preloads it otherwise).
 */
export interface PreloadHint {
  href: string;
  as: 'script' | 'style' | 'fetch';
}

/** A preload tag; fonts and fetches are CORS requests, so they carry `crossorigin` to be reused. */
const link = (href: string, as: PreloadHint['as'] | 'font') => {
  if (as === 'font') return `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`;
  if (as === 'fetch') return `<link rel="preload" href="${href}" as="fetch" crossorigin>`;
  return `<link rel="preload" href="${href}" as="${as}">`;
};

/**
 * The chunks the shell's main script loads to *provide* each shared module. A build manifest's
 * shared assets also list the consumer's fallback chunks (the same module bundled again, used
 * only when no provider exists), and preloading those downloads the design system twice. The
 * provider factories sit in main.js as `name:"<module>",version:…,factory:()=>…e(<chunk ids>)…`.
 * (Until issue 16 this matched only the unminified `__webpack_require__.e(`, so a production
 * build preloaded none of the shell's shared chunks.)
 * Null when main.js cannot be read that way (then the manifest's lists are used).
 */
export function providedSharedChunks(shellDir: string): string[] | null {
  const assets = join(shellDir, 'assets');
  if (!existsSync(assets)) return null;
  const files = readdirSync(assets);
  const main = files.find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  if (!main) return null;
  const code = readFileSync(join(assets, main), 'utf8');
  const factories = [...code.matchAll(/name:"[^"]+",version:"[^"]*",factory:\(\)=>(.*?)\.then\(/g)];
  if (factories.length === 0) return null;
  const chunks: string[] = [];
  for (const [, loads] of factories) {
    // `__webpack_require__.e(12)` in a development build, `u.e(12)` (any name) once minified.
    for (const [, id] of loads.matchAll(/[\w$]+\.e\((\d+)\)/g)) {
      const file = files.find((f) => f.startsWith(`${id}.`) && /^\d+\.[0-9a-f]+\.js$/.test(f));
      if (file) chunks.push(`assets/${file}`);
    }
  }
  return chunks;
}

/**
 * Preload hints for a page: the shell's shared chunks (react-dom, router, design system), and the
 * entry + route chunks (and route styles) of the remote that renders the page. Without them the
 * browser discovers each file only after the previous one ran (HTML → main → bootstrap →
 * manifest → remoteEntry → routes), which is most of a slow phone's time to first content.
 */
export function preloadHints(options: { staticDir: string; manifest: RemoteManifest; remote: RemoteName | null }): PreloadHint[] {
  const { staticDir, manifest, remote } = options;
  const hints: PreloadHint[] = [];
  const shell = readBuildManifest(join(staticDir, 'shell'));
  const provided = providedSharedChunks(join(staticDir, 'shell'));
  for (const shared of shell?.shared ?? []) {
    for (const js of shared.assets.js.sync) if (!provided || provided.includes(js)) hints.push({ href: `/${js}`, as: 'script' });
    for (const css of shared.assets.css.sync) hints.push({ href: `/${css}`, as: 'style' });
  }
  if (remote) {
    const entry = manifest.remotes[remote];
    hints.push({ href: entry, as: 'script' });
    const local = entry === `/remotes/${REMOTE_DIRS[remote]}/remoteEntry.js`;
    const built = local ? readBuildManifest(join(staticDir, 'remotes', REMOTE_DIRS[remote])) : null;
    const routes = built?.exposes?.find((e) => e.path === './Routes');
    if (routes) {
      const base = `/remotes/${REMOTE_DIRS[remote]}/`;
      // Only what the Routes module needs at once: its lazy chunks (gates, rare pages) stay lazy.
      for (const js of routes.assets.js.sync) hints.push({ href: base + js, as: 'script' });
      for (const css of routes.assets.css.sync) hints.push({ href: base + css, as: 'style' });
    }
  }
  const seen = new Set<string>();
  return hints.filter((h) => !seen.has(h.href) && (seen.add(h.href), true));
}

/** Hints as <link rel="preload"> tags, for the head of a page whose scripts start at once. */
export function preloadTags(hints: readonly PreloadHint[]): string {
  return hints.map((h) => link(h.href, h.as)).join('');
}

/** The display face of every page title, preloaded so the title paints in brand type early. */
export function fontPreloadTags(staticDir: string): string {
  const dir = join(staticDir, 'shell', 'assets');
  if (!existsSync(dir)) return '';
  const font = readdirSync(dir).find((f) => /^oswald-latin-700-normal\.[0-9a-f]+\.woff2$/.test(f));
  return font ? link(`/assets/${font}`, 'font') : '';
}
