// The venue's menus (static data, spec 001 §2) and the OPEN/BOOK buttons with the menu overlay
// every section page shows (spec 000 §2), shared by the site and the Common Room.
export { PageActions } from './page-actions';
export type { PageActionsProps } from './page-actions';
export { MenuSections } from './menu-sections';
export type { MenuSectionsProps } from './menu-sections';
export { MENU_PAGES, MENUS, emailAddressOf, formatPounds, isInternalHref, isMenuPage, menuFor } from './menu-data';
export type { Menu, MenuItem, MenuPage, MenuSection } from './menu-data';
