/** Shared constants from the product specification (files 000 §9 and 001 §9). */
export const CODE_LENGTH = 6;
/** ResilientImage: retry delays before giving up with 'Image unavailable'. */
export const IMAGE_RETRY_DELAYS_MS = [500, 2000] as const;
export const IMAGE_UNAVAILABLE_TEXT = 'Image unavailable';
export const MOBILE_BREAKPOINT_PX = 768;
export const COMMON_GOOD_POLL_MS = 60_000;
export const START_DEBOUNCE_MS = 400;

/** The page keys that own FAQ rows, background sets and CMS text. */
export const PAGE_KEYS = [
  'home', 'cafe', 'cocktails', 'beer', 'kitchens', 'hall', 'community', 'common-room',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The federated remotes: one registry (names, folders, ports, labels, exposed modules). */
export * from './remotes';

/**
 * The CMS overlay (remote `cms`) marks edit mode on the document element with this attribute
 * ('true' while editing). Other remotes read it, e.g. BOOK does nothing in edit mode (spec 000 §2).
 */
export const CMS_EDIT_MODE_ATTRIBUTE = 'data-cms-edit-mode';
