/**
 * Each endpoint's method and path are written once, in libs/contracts/src/endpoints/. Services
 * mount them with mountEndpoint, the api-client calls them with callEndpoint and MSW answers them
 * with mockEndpoint; this check fails when a path string creeps back into any of those places.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) && !/[\\/]testing[\\/]/.test(path)) out.push(path);
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/** `router.get('/x'`, `router.post("/x"`, `.route('/x')`: a route declared by path string. */
const ROUTE_BY_PATH = /\b(?:router|app|api)\.(?:get|post|put|patch|delete|all|route)\(\s*['"`]\//;
/** A literal naming an API path: '/api/x', '*' + '/api/x', 'https://host/api/x' or a template from ${base}/api/x (not './api/' folders). */
const API_PATH_LITERAL = /['"`](?:\*|https?:\/\/[^'"`\s]*|\$\{[^}]*\})?\/api\/[a-z]/;

function offenders(files: string[], pattern: RegExp): string[] {
  const global = new RegExp(pattern.source, 'g');
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(global)]
      .map((match) => {
        const start = text.lastIndexOf('\n', match.index) + 1;
        const line = text.slice(start, text.indexOf('\n', match.index + match[0].length) >>> 0 || undefined);
        return { line, at: text.slice(0, match.index).split('\n').length };
      })
      .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .map(({ line, at }) => `${relative(ROOT, file)}:${at}: ${line.trim().split('\n')[0]}`);
  });
}

const serviceHttpFiles = readdirSync(join(ROOT, 'services'))
  .filter((name) => !['gateway', 'service-kit'].includes(name))
  .flatMap((name) => sourceFiles(`services/${name}/src`));

describe('endpoint paths are declared once, in libs/contracts/src/endpoints', () => {
  it('no service route is mounted by a path string (mountEndpoint takes the contract)', () => {
    expect(offenders(serviceHttpFiles, ROUTE_BY_PATH)).toEqual([]);
  });

  it('no API path is written in the api-client or the MSW mocks', () => {
    expect(offenders([...sourceFiles('libs/api-client/src'), ...sourceFiles('libs/mocks/src')], API_PATH_LITERAL)).toEqual([]);
  });

  it('no API path is written in browser code (shell, remotes, libs)', () => {
    const browser = ['shell/src', ...readdirSync(join(ROOT, 'remotes')).map((r) => `remotes/${r}/src`)]
      .concat(readdirSync(join(ROOT, 'libs')).filter((l) => l !== 'contracts').map((l) => `libs/${l}/src`))
      .flatMap((dir) => sourceFiles(dir));
    expect(offenders(browser, API_PATH_LITERAL)).toEqual([]);
  });

  it('the check itself finds a path string', () => {
    expect(ROUTE_BY_PATH.test("  router.post('/bookings', limiter, async (req, res) => {")).toBe(true);
    expect(ROUTE_BY_PATH.test("  router.post(\n    '/subscribe',\n    limiter,")).toBe(true);
    expect(API_PATH_LITERAL.test("http.get('*/api/venue/common-good/totals', totals)")).toBe(true);
    expect(API_PATH_LITERAL.test('requestJson(options, `/api/venue${path}`)')).toBe(true);
    expect(API_PATH_LITERAL.test('fetch(`${origin}/api/content/global`)')).toBe(true);
    expect(API_PATH_LITERAL.test("import { useFaq } from './api/get-faq';")).toBe(false);
  });
});
