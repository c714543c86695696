import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link } from '@croft/router';
import { RoundButton } from '@croft/ui';
import { useEditMode } from '@croft/session';
import type { MenuPage } from './menu-data';

// The menus (and their data) load when a visitor reaches for OPEN, not with the page.
const loadMenuOverlay = () => import('./menu-overlay');
const MenuOverlay = lazy(async () => ({ default: (await loadMenuOverlay()).MenuOverlay }));
import './page-actions.css';

export interface PageActionsProps {
  /** The page type whose menu OPEN shows. */
  page: MenuPage;
  /**
   * Content editing is on: BOOK stays put (spec 000 §2: "it does nothing in edit mode"). Default:
   * the page's shared edit mode (@croft/session), on and not previewing.
   */
  editMode?: boolean;
  className?: string;
}

/**
 * The two round buttons fixed at the bottom right of a section page: OPEN (the page's menu
 * overlay) and BOOK (a real link to /book, so it works before or without JavaScript). They sit
 * below the nudge button's spot (13rem from the bottom) and inside the phone's safe area.
 */
export function PageActions({ page, editMode: given, className }: PageActionsProps) {
  const mode = useEditMode();
  const editMode = given ?? (mode.editMode && !mode.previewMode);
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first OPEN on, so closing hands focus back as the dialog expects.
  const [menuWanted, setMenuWanted] = useState(false);

  const onBook = (event: MouseEvent<HTMLAnchorElement>) => {
    // Inert, not hidden: the editing overlay's text clicks and the layout stay as visitors see them.
    if (editMode) event.preventDefault();
  };

  return (
    <>
      <div className={className ? `site-page-actions ${className}` : 'site-page-actions'}>
        <RoundButton
          aria-label="Open menu"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadMenuOverlay()}
          onFocus={() => void loadMenuOverlay()}
          onClick={(event) => {
            // Safari does not focus a clicked button; the dialog hands focus back to what had it.
            event.currentTarget.focus();
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          OPEN
        </RoundButton>
        <RoundButton
          render={({ className: roundClass, style, children }) => (
            <Link
              to="/book"
              className={roundClass}
              style={style}
              aria-label="Book a table"
              aria-disabled={editMode || undefined}
              onClick={onBook}
            >
              {children}
            </Link>
          )}
        >
          BOOK
        </RoundButton>
      </div>
      {menuWanted && (
        <Suspense fallback={null}>
          <MenuOverlay page={page} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
