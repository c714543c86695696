import { useEffect, useState } from 'react';
import { Link } from '@croft/router';
import { Button, Dialog } from '@croft/ui';
import { menuFor, type MenuPage } from './menu-data';
import { MenuSections } from './menu-sections';
import { MembershipDialog } from './membership-dialog';
import './menu-overlay.css';

export interface MenuOverlayProps {
  /** Which page type's menu to show. */
  page: MenuPage;
  open: boolean;
  /** Escape, the close button, the backdrop, or following a link inside the menu. */
  onClose: () => void;
}

/**
 * The full-screen menu behind a page's OPEN button (spec 000 §2): the page type's sections and
 * items, in the page's accent. Built on the design system's native <dialog>: Escape, the close
 * button and a click outside the menu panel close it, and focus returns to the opener.
 * The common-room menu adds 'Take a look' (→ /calendar) and 'Common membership' (an info dialog).
 */
export function MenuOverlay({ page, open, onClose }: MenuOverlayProps) {
  const menu = menuFor(page);
  const [membershipOpen, setMembershipOpen] = useState(false);

  // The membership dialog never outlives the menu.
  useEffect(() => {
    if (!open) setMembershipOpen(false);
  }, [open]);

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={menu.title}
        description={menu.intro}
        size="full"
        closeLabel="Close menu"
        className={`site-menu cc-section-${page}`}
      >
        {page === 'common-room' && (
          <div className="site-menu__actions">
            <Link to="/calendar" className="cc-button cc-button--primary cc-button--md" onClick={onClose}>
              <span className="cc-button__label">Take a look</span>
            </Link>
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMembershipOpen(true)}>
              Common membership
            </Button>
          </div>
        )}
        <MenuSections menu={menu} onNavigate={onClose} />
      </Dialog>
      {page === 'common-room' && <MembershipDialog open={open && membershipOpen} onClose={() => setMembershipOpen(false)} />}
    </>
  );
}
