import type { RemoteName } from './remotes';

/**
 * The route table of the spec (file 000 §2): each path pattern and the remote that owns it.
 * The shell routes by it; the gateway uses it to preload the right remote for a page.
 */
export const ROUTE_TABLE: readonly { path: string; remote: RemoteName }[] = [
  // site: the public venue
  { path: '/', remote: 'site' },
  { path: '/cafe', remote: 'site' },
  { path: '/cocktails', remote: 'site' },
  { path: '/beer', remote: 'site' },
  { path: '/kitchens', remote: 'site' },
  { path: '/hall', remote: 'site' },
  { path: '/community', remote: 'site' },
  { path: '/onekitchen-menu', remote: 'site' },
  { path: '/book', remote: 'site' },
  { path: '/privacy', remote: 'site' },
  { path: '/branding', remote: 'site' },
  { path: '/common-good', remote: 'site' },
  { path: '/common-good/message', remote: 'site' },
  { path: '/unsubscribe', remote: 'site' },
  { path: '/croft-common-datetime', remote: 'site' },
  // common-room: members
  { path: '/common-room/*', remote: 'common_room' },
  { path: '/profile', remote: 'common_room' },
  { path: '/check-in', remote: 'common_room' },
  { path: '/calendar', remote: 'common_room' },
  { path: '/manage-event/:token', remote: 'common_room' },
  { path: '/notifications', remote: 'common_room' },
  { path: '/secretkitchens', remote: 'common_room' },
  { path: '/secretkitchenadmin', remote: 'common_room' },
  // cms: editors and staff
  { path: '/cms/*', remote: 'cms' },
  { path: '/admin/*', remote: 'cms' },
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return true;
    if (got[i] === undefined) return false;
    if (!want[i].startsWith(':') && want[i].toLowerCase() !== got[i].toLowerCase()) return false;
  }
  return got.length === want.length;
}

/** The remote that renders a path, matched as the router does (case-insensitive), or null. */
export function remoteForPath(pathname: string): RemoteName | null {
  return ROUTE_TABLE.find((r) => matches(r.path, pathname))?.remote ?? null;
}
