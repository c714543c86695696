import { lazy, memo, Suspense, useCallback, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from '@croft/router';
import type { PageKey } from '@croft/contracts';
import { previewImageFor } from '@croft/contracts/imagery';
import { usePageTransition } from './overlays/transition-context';
import { preloadSectionImages } from './overlays/image-preload';
import { useBrandName } from './api/get-brand-name';
import { useShellSession } from './session-context';
import './top-nav.css';

/** Navigation entries in the order of the spec (file 000 §2). */
export const NAV_ENTRIES = [
  { label: 'CAFE', to: '/cafe', page: 'cafe' },
  { label: 'COCKTAILS', to: '/cocktails', page: 'cocktails' },
  { label: 'BEER', to: '/beer', page: 'beer' },
  { label: 'KITCHENS', to: '/kitchens', page: 'kitchens' },
  { label: 'HALL', to: '/hall', page: 'hall' },
  { label: 'COMMUNITY', to: '/community', page: 'community' },
  { label: 'THE COMMON ROOM', to: '/common-room', page: 'common-room' },
] as const satisfies readonly { label: string; to: string; page: PageKey }[];

/** A plain left click (no new tab or window wanted): those get the transition. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

// Only members see the member menu: a visitor's first load goes without it.
const MemberMenu = lazy(async () => ({ default: (await import('./member-menu')).MemberMenu }));

/** One top navigation per page, so a fixed id (the static first paint in index.html uses it too). */
const MENU_ID = 'main-menu';

const isOpen = (menu: Element | null) => menu?.getAttribute('data-open') === 'true';

/**
 * Where focus is in the static header (around `menu`), as a selector for the same control in the
 * shell's header: its Menu toggle, its brand link or one of its entries. Null when focus is elsewhere.
 */
function staticFocus(menu: Element | null): string | null {
  const el = document.activeElement;
  const header = menu?.closest('header');
  if (!el || !header?.contains(el)) return null;
  if (el.classList.contains('shell-topnav__toggle')) return '.shell-topnav__toggle';
  if (el.classList.contains('shell-topnav__brand')) return '.shell-topnav__brand';
  const href = el.getAttribute('href');
  return href && menu?.contains(el) && !href.includes('"') ? `#${MENU_ID} a[href="${href}"]` : null;
}

/**
 * The static first paint's header (index.html), still in the page while the shell's first render
 * runs: its menu, whether that is open, and where focus is in it.
 */
function readStaticHeader(): { menu: Element | null; open: boolean; focus: string | null } {
  const menu = typeof document === 'undefined' ? null : document.getElementById(MENU_ID);
  return { menu, open: isOpen(menu), focus: menu && staticFocus(menu) };
}

/**
 * The entries, apart from TopNav's own state: a router link renders a good deal (it resolves its
 * path and matches it against the location), and opening the menu or the brand name's arrival
 * re-rendered all seven in the task of the tap or the answer (~30 ms on a 4× slowed phone).
 */
const NavEntries = memo(function NavEntries({ go }: { go: (to: string, page: PageKey, event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <ul>
      {NAV_ENTRIES.map((entry) => (
        <li key={entry.to}>
          <NavLink
            to={entry.to}
            onClick={(event) => go(entry.to, entry.page, event)}
            onPointerEnter={() => preloadSectionImages(entry.page)}
            onFocus={() => preloadSectionImages(entry.page)}
          >
            {entry.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
});

export function TopNav({ brand: given }: { brand?: string }) {
  const fromCms = useBrandName();
  const session = useShellSession();
  const brand = given ?? fromCms;
  // The page's static header answers Menu taps before the shell starts (the gateway's inline
  // script): take over the menu as the visitor left it.
  const [atStart] = useState(readStaticHeader);
  const [open, setOpen] = useState(atStart.open);
  const header = useRef<HTMLElement>(null);
  const nav = useRef<HTMLElement>(null);
  // React may yield between this first render and its commit, which replaces the static header: a
  // tap on the static Menu in between toggled it after the render read it, and was lost (2 taps
  // in 18 at 0.5–0.8 s into a slowed phone's load of /cafe). Its last state wins, before paint.
  // (Only a change is set: an update to the same value would still wait in the state's queue.)
  // Focus that was on a control of the static header (gone with it) moves to the same control.
  useLayoutEffect(() => {
    const { menu, open: openThen, focus } = atStart;
    if (!menu || menu === nav.current) return;
    if (isOpen(menu) !== openThen) setOpen(!openThen);
    const active = document.activeElement;
    if (focus && (!active || active === document.body)) {
      header.current?.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
    }
  }, [atStart]);
  const { pathname } = useLocation();
  const transition = usePageTransition();

  // A navigation closes the mobile menu (a change of path, not the first render).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  /**
   * Clicking an entry closes the mobile menu, then navigates with the soft transition showing the
   * section's preview image (spec 000 §2); without a preview, or with a modified click, the link
   * navigates plainly. The same function while the path stays, so the entries (NavEntries) do not
   * render again when the menu opens or the brand name arrives.
   */
  const go = useCallback(
    (to: string, page: PageKey, event: MouseEvent<HTMLAnchorElement>) => {
      setOpen(false);
      const preview = previewImageFor(page);
      if (!transition || !isPlainClick(event) || to === pathname) return;
      if (!preview) return;
      event.preventDefault();
      transition.start(to, { variant: 'soft', preview: preview?.id });
    },
    [pathname, transition],
  );

  return (
    <header ref={header} className="shell-topnav">
      {/* The brand name is global CMS text: in edit mode the editing overlay opens it (data-cms-*). */}
      <Link
        to="/"
        className="shell-topnav__brand"
        aria-label={`${brand}, home`}
        onClick={(event) => go('/', 'home', event)}
        data-cms-page="global"
        data-cms-section="global"
        data-cms-key="brand_name"
      >
        {brand}
      </Link>
      <button
        type="button"
        className="shell-topnav__toggle"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Close' : 'Menu'}
      </button>
      <nav ref={nav} aria-label="Main" className="shell-topnav__nav" data-open={open} id={MENU_ID}>
        <NavEntries go={go} />
      </nav>
      {session && (
        <Suspense fallback={null}>
          <MemberMenu />
        </Suspense>
      )}
    </header>
  );
}
