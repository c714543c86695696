import type { RemoteName } from './remote-manifest';

/**
 * The route table of the spec (file 000 §2): each path pattern and the remote that owns it.
 * The shell owns this table; remotes own the pages behind each pattern.
 */
export const REMOTE_ROUTES: readonly { path: string; remote: RemoteName }[] = [
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

/** Old spellings of the date-time page that redirect to it. */
export const DATETIME_ALIASES = ['/CroftCommonDate&Time', '/CroftCommonDateTime', '/croftcommondatetime'] as const;
export const DATETIME_PATH = '/croft-common-datetime';

/** First path segments the lower-casing redirect knows about ('/Cafe' → '/cafe'). */
export const KNOWN_FIRST_SEGMENTS: ReadonlySet<string> = new Set(
  REMOTE_ROUTES.map((r) => r.path.split('/')[1]).filter((s): s is string => Boolean(s) && !s.startsWith(':')),
);

/**
 * The lower-case form of a path whose first segment is known but typed with capitals, or null
 * when no redirect applies.
 */
export function lowerCaseRedirect(pathname: string): string | null {
  const [, first = '', ...rest] = pathname.split('/');
  const lower = first.toLowerCase();
  if (first === lower || !KNOWN_FIRST_SEGMENTS.has(lower)) return null;
  return ['', lower, ...rest].join('/');
}
