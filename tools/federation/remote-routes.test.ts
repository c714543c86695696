import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, ROUTE_TABLE, type RemoteEntry } from '@croft/contracts';
import { routePatternsIn, routeTableProblems, workspaceRouteTableProblems } from './remote-routes';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

describe("remotes' routes and ROUTE_TABLE", () => {
  it('agree for every remote in the registry', () => {
    expect(workspaceRouteTableProblems(root, REMOTES, ROUTE_TABLE)).toEqual([]);
  });
});

describe('routeTableProblems', () => {
  const remotes: RemoteEntry[] = [
    { name: 'site', folder: 'site', devPort: 1, label: 'Site', exposes: { Routes: { file: 'src/routes.tsx', kind: 'routes' } } },
    { name: 'loyalty', folder: 'loyalty', devPort: 2, label: 'Loyalty', exposes: { Card: { file: 'src/card.tsx', kind: 'dialog' } } },
  ];
  const routesSource = "export const routes: Record<string, ComponentType> = { '/': Home, '/cafe': sectionPage('cafe') };";
  const check = (table: { path: string; remote: string }[], source = routesSource, routesFiles = ['remotes/site/src/routes.tsx']) =>
    routeTableProblems({ remotes, table, routesFiles, read: (f) => (f === 'remotes/site/src/routes.tsx' ? source : null) });

  it('is empty when the routes map and the table rows match', () => {
    expect(check([{ path: '/', remote: 'site' }, { path: '/cafe', remote: 'site' }])).toEqual([]);
  });

  it('names a page the table does not route, and a row with no page', () => {
    expect(check([{ path: '/', remote: 'site' }])).toEqual([
      "remotes/site/src/routes.tsx has /cafe, which ROUTE_TABLE does not send to site",
    ]);
    expect(check([{ path: '/', remote: 'site' }, { path: '/cafe', remote: 'site' }, { path: '/beer', remote: 'site' }])).toEqual([
      'ROUTE_TABLE sends /beer to site, but remotes/site/src/routes.tsx has no page for it',
    ]);
  });

  it('refuses rows for a remote without routes, unknown remotes and stray routes files', () => {
    const rows = [{ path: '/', remote: 'site' }, { path: '/cafe', remote: 'site' }];
    expect(check([...rows, { path: '/card', remote: 'loyalty' }])).toEqual([
      'ROUTE_TABLE sends /card to loyalty, which exposes no routes module',
    ]);
    expect(check([...rows, { path: '/x', remote: 'nobody' }])).toEqual(['ROUTE_TABLE row /x names unknown remote "nobody"']);
    expect(check(rows, routesSource, ['remotes/site/src/routes.tsx', 'remotes/loyalty/src/routes.tsx'])).toEqual([
      'remotes/loyalty/src/routes.tsx is not the routes module any remote exposes in the registry',
    ]);
  });

  it('asks for a literal routes map it can read', () => {
    expect(check([], 'export const routes = build();')[0]).toMatch(/as an object literal/);
    expect(check([], "export const routes = { ...more, '/': Home };")[0]).toMatch(/quoted route pattern/);
    expect(() => routePatternsIn('const routes = {};')).toThrow(/no `export const routes/);
  });
});
