import { ROUTE_TABLE } from '@croft/contracts';

/** The route table of the spec lives in contracts, shared with the gateway's preload hints. */
export const REMOTE_ROUTES = ROUTE_TABLE;

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
