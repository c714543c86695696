import { GLOBAL_CMS_PAGE, type EditablePage, type TextKey } from '@croft/contracts';

// Where the editing screens are (kept apart from the labels so the overlay can link here lightly).

/** The review panel, everything or one page's drafts. */
export const REVIEW_PATH = '/cms/review';
export const reviewPath = (page?: EditablePage) => (page ? `${REVIEW_PATH}?page=${encodeURIComponent(page)}` : REVIEW_PATH);

/** One text's history. */
export const historyPath = (key: TextKey) =>
  `/cms/history/${encodeURIComponent(key.page)}/${encodeURIComponent(key.section)}/${encodeURIComponent(key.content_key)}`;

/** Where a page is on the site ('global' texts show on every page: the home page). */
export function sitePath(page: EditablePage): string {
  return page === 'home' || page === GLOBAL_CMS_PAGE ? '/' : `/${page}`;
}
