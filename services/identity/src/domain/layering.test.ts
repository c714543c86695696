import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOMAIN = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(text: string): string[] {
  const found = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return [...found, ...[...text.matchAll(/\brequire\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1])];
}

describe('identity domain layer', () => {
  const files = sourceFiles(DOMAIN);

  it('finds the domain sources', () => {
    expect(files.map((f) => relative(DOMAIN, f))).toContain('errors.ts');
    expect(files.length).toBeGreaterThan(5);
  });

  it('never imports Express or the http layer', () => {
    const offenders = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec === 'express' || spec.startsWith('express/') || /(^|\/)http(\/|$)/.test(spec))
        .map((spec) => `${relative(DOMAIN, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never mentions HttpError or sets an HTTP status', () => {
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const hits: string[] = [];
      if (/\bHttpError\b/.test(text)) hits.push(`${relative(DOMAIN, file)} uses HttpError`);
      if (/\.status\(\s*\d{3}|\bstatusCode\b/.test(text)) hits.push(`${relative(DOMAIN, file)} sets an HTTP status`);
      return hits;
    });
    expect(offenders).toEqual([]);
  });
});
