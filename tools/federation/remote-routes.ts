/**
 * Checks that each remote's './Routes' module and its rows in ROUTE_TABLE agree, by reading the
 * route patterns straight from the source of its routes map (the exported `routes` object
 * literal) with the TypeScript parser: nothing is bundled or rendered.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { RemoteEntry } from '@croft/contracts/remotes';

/** The keys of `export const routes = { ... }` in a routes.tsx; an error if it is not a plain literal. */
export function routePatternsIn(source: string, fileName = 'routes.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== 'routes') continue;
      let init = decl.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`${fileName}: export \`routes\` as an object literal`);
      return init.properties.map((p) => {
        if (!ts.isPropertyAssignment(p) || !(ts.isStringLiteral(p.name) || ts.isNoSubstitutionTemplateLiteral(p.name))) {
          throw new Error(`${fileName}: every key of \`routes\` must be a quoted route pattern (found ${p.getText(file)})`);
        }
        return p.name.text;
      });
    }
  }
  throw new Error(`${fileName}: no \`export const routes = { ... }\``);
}

/** Every routes.tsx under a folder (remotes/<name>/src/**\/routes.tsx). */
export function routesFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'routes.tsx' || f.endsWith('/routes.tsx'))
    .map((f) => join(dir, f));
}

export interface RouteCheckInput {
  remotes: readonly RemoteEntry[];
  table: readonly { path: string; remote: string }[];
  /** Source text of a file relative to the workspace root, or null when it does not exist. */
  read: (file: string) => string | null;
  /** Every remotes/<folder>/src/**\/routes.tsx, relative to the workspace root. */
  routesFiles: readonly string[];
}

/** Every disagreement between the remotes' routes maps, the registry and ROUTE_TABLE (empty: they agree). */
export function routeTableProblems({ remotes, table, read, routesFiles }: RouteCheckInput): string[] {
  const problems: string[] = [];
  const known = new Set(remotes.map((r) => r.name));
  for (const row of table) if (!known.has(row.remote)) problems.push(`ROUTE_TABLE row ${row.path} names unknown remote "${row.remote}"`);
  const exposedRoutesFiles = new Set<string>();
  for (const remote of remotes) {
    const rows = table.filter((r) => r.remote === remote.name).map((r) => r.path);
    const dupes = rows.filter((p, i) => rows.indexOf(p) !== i);
    for (const d of dupes) problems.push(`ROUTE_TABLE lists ${d} twice for ${remote.name}`);
    const routes = Object.entries(remote.exposes).filter(([, e]) => e.kind === 'routes');
    if (routes.length === 0) {
      for (const path of rows) problems.push(`ROUTE_TABLE sends ${path} to ${remote.name}, which exposes no routes module`);
      continue;
    }
    for (const [key, { file }] of routes) {
      const path = `remotes/${remote.folder}/${file}`;
      exposedRoutesFiles.add(path);
      const source = read(path);
      if (source === null) {
        problems.push(`${remote.name}/${key}: ${path} does not exist`);
        continue;
      }
      let patterns: string[];
      try {
        patterns = routePatternsIn(source, path);
      } catch (error) {
        problems.push((error as Error).message);
        continue;
      }
      for (const p of patterns) if (!rows.includes(p)) problems.push(`${path} has ${p}, which ROUTE_TABLE does not send to ${remote.name}`);
      for (const p of rows) if (!patterns.includes(p)) problems.push(`ROUTE_TABLE sends ${p} to ${remote.name}, but ${path} has no page for it`);
    }
  }
  for (const file of routesFiles) {
    if (!exposedRoutesFiles.has(file)) problems.push(`${file} is not the routes module any remote exposes in the registry`);
  }
  return problems;
}

/** The check against the workspace on disk. */
export function workspaceRouteTableProblems(root: string, remotes: readonly RemoteEntry[], table: RouteCheckInput['table']): string[] {
  const remotesDir = join(root, 'remotes');
  const routesFiles = readdirSync(remotesDir).flatMap((folder) =>
    routesFilesUnder(join(remotesDir, folder, 'src')).map((f) => relative(root, f)),
  );
  const read = (file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : null);
  return routeTableProblems({ remotes, table, read, routesFiles });
}
