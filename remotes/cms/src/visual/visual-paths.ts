import { EDITABLE_PAGES, PAGE_KEYS, remoteForPath, type EditablePage, type PageKey } from '@croft/contracts';
import { sitePath } from '../review/paths';

// Where the visual editor's frame goes for /cms/visual/:page/*, and back: the pages are the CMS's
// page keys (EDITABLE_PAGES) at their site paths (sitePath: home and the site-wide text at /,
// the others at /<page>), and a path is only ever one the site's route table gives to a remote
// other than the staff area's own (so the frame can never hold /cms or /admin).

/** The visual editor of a page ('/cms/visual/cafe', '/cms/visual/common-room/member'). */
export function visualPath(page: EditablePage, rest = ''): string {
  const tail = segments(rest) ?? [];
  return ['/cms/visual', page, ...tail].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/');
}

export const isEditablePage = (value: string | undefined): value is EditablePage =>
  value !== undefined && (EDITABLE_PAGES as readonly string[]).includes(value);

/** A path's parts, or null when one of them climbs ('.', '..') or hides a separator. */
function segments(rest: string): string[] | null {
  const parts = rest.split('/').filter(Boolean);
  return parts.some((part) => part === '.' || part === '..' || part.includes('\\')) ? null : parts;
}

export type FrameTarget = { ok: true; path: string } | { ok: false; path: string | null };

/**
 * The site path the frame shows for a page and the rest of the editor's path ('cafe', '' → '/cafe';
 * 'home', 'book' → '/book'; 'common-room', 'member' → '/common-room/member'). Not ok when the result
 * is not a page of the site (its path, for the message) or climbs out of it (null).
 */
export function frameTarget(page: EditablePage, rest = ''): FrameTarget {
  const tail = segments(rest);
  if (tail === null) return { ok: false, path: null };
  const base = sitePath(page).split('/').filter(Boolean);
  const path = `/${[...base, ...tail].map(encodeURIComponent).join('/')}`;
  const remote = remoteForPath(path);
  return remote !== null && remote !== 'cms' ? { ok: true, path } : { ok: false, path };
}

/**
 * The page (and the rest) whose visual editor a site path belongs to, as the frame reports it:
 * '/' → home, '/cafe' → cafe, '/common-room/member' → common-room + 'member'. Null for a path of no
 * page (/book, /privacy): the panel keeps the page it has.
 */
export function pageOfPath(pathname: string): { page: PageKey; rest: string } | null {
  const parts = pathname.split('/').filter(Boolean).map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  if (parts.length === 0) return { page: 'home', rest: '' };
  const [first, ...rest] = parts;
  const page = PAGE_KEYS.find((key) => key === first.toLowerCase());
  // Only a page that lives at /<key> ('/home' is no page: home is at /).
  if (!page || sitePath(page) !== `/${page}`) return null;
  return { page, rest: rest.join('/') };
}

/** The same path written one way ('/cafe/' and '/cafe' are one page), for comparing. */
export const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
