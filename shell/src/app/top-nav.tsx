import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@croft/router';
import { MemberMenu } from './member-menu';
import './top-nav.css';

/** Navigation entries in the order of the spec (file 000 §2). */
export const NAV_ENTRIES = [
  { label: 'CAFE', to: '/cafe' },
  { label: 'COCKTAILS', to: '/cocktails' },
  { label: 'BEER', to: '/beer' },
  { label: 'KITCHENS', to: '/kitchens' },
  { label: 'HALL', to: '/hall' },
  { label: 'COMMUNITY', to: '/community' },
  { label: 'THE COMMON ROOM', to: '/common-room' },
] as const;

/** One top navigation per page, so a fixed id (the static first paint in index.html uses it too). */
const MENU_ID = 'main-menu';

export function TopNav({ brand = 'Croft Common' }: { brand?: string }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  // A navigation closes the mobile menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="shell-topnav">
      <Link to="/" className="shell-topnav__brand" aria-label={`${brand}, home`}>
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
      <nav aria-label="Main" className="shell-topnav__nav" data-open={open} id={MENU_ID}>
        <ul>
          {NAV_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} onClick={() => setOpen(false)}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <MemberMenu />
    </header>
  );
}
