/**
 * Prerenders the first paint of the public pages: the hero of each section page (its image,
 * h1 and lede, with the bundled CMS text) as static HTML plus the styles those components
 * import, written to dist/prerender/pages.json. The gateway puts that HTML into the page it
 * serves, so the largest paint happens before any JavaScript runs; the shell keeps it on screen
 * until the site remote renders the same markup.
 *
 *   node --import tsx --import ./remotes/site/prerender/register.mjs remotes/site/prerender/main.tsx [--out dist/prerender]
 * (the site project's `prerender` target, part of `npm run build`)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { createQueryClient, QueryClientProvider } from '@croft/query';
import { prerenderTargets } from './targets';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Comments out, whitespace squeezed: the styles are inlined into every public page. */
function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** Every class name in the markup's class attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/class="([^"]*)"/g)) for (const name of value.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** Whether a stylesheet has a class selector for one of `classes`. */
export function usesAny(css: string, classes: Set<string>): boolean {
  for (const [, name] of css.matchAll(/\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g)) if (classes.has(name)) return true;
  return false;
}

export interface PrerenderedPages {
  /** Styles of the prerendered components, in import order. */
  css: string;
  /** Path → the HTML that goes into #root after the static navigation. */
  pages: Record<string, string>;
}

function main(): void {
  const out = resolve(root, argValue('--out') ?? 'dist/prerender');
  const pages: Record<string, string> = {};
  for (const { path, element } of prerenderTargets()) {
    // An empty cache: the CMS text reads do not run on the server, so the bundled text renders.
    pages[path] = renderToStaticMarkup(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>);
  }
  // Only the stylesheets whose classes the prerendered HTML uses (the component library's index
  // imports every component's styles; a visitor's first paint needs a handful).
  const used = classesIn(Object.values(pages).join(''));
  const files = [...new Set((globalThis as { __prerenderCss?: string[] }).__prerenderCss ?? [])].filter(
    (file) => !relative(root, file).startsWith('node_modules') && usesAny(readFileSync(file, 'utf8'), used),
  );
  const css = minifyCss(files.map((file) => readFileSync(file, 'utf8')).join('\n'));
  if (/url\(/.test(css)) throw new Error('Prerendered styles must not use url(): they are inlined into the page.');
  mkdirSync(out, { recursive: true });
  const result: PrerenderedPages = { css, pages };
  writeFileSync(join(out, 'pages.json'), JSON.stringify(result));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.info(`prerendered ${Object.keys(pages).length} pages → ${relative(root, out)}/pages.json (styles ${kb(css.length)} from ${files.length} files)`);
  for (const [path, html] of Object.entries(pages)) console.info(`  ${path.padEnd(12)} ${kb(html.length)}`);
}

main();
