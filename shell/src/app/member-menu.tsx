import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { useToast } from '@croft/ui';
import { useShellSession } from './session-context';

/** Entries and order of spec 000 §2. */
export const MEMBER_LINKS = [
  { label: 'My Home', to: '/common-room/member' },
  { label: 'Dashboard', to: '/common-room/member/dashboard' },
  { label: 'Profile', to: '/common-room/member/profile' },
  { label: 'Ledger', to: '/common-room/member/ledger' },
  { label: 'Moments', to: '/common-room/member/moments' },
] as const;

/** The Member dropdown: only for someone signed in. */
export function MemberMenu() {
  const session = useShellSession();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!session) return null;

  const signOut = async () => {
    setOpen(false);
    try {
      await getSessionClient().signOut();
      toast({ title: 'Signed out successfully', description: 'You have been signed out.' });
    } catch (error) {
      toast({ title: 'Sign out failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <div className="shell-member" ref={root}>
      <button
        ref={button}
        type="button"
        className="shell-member__button"
        aria-expanded={open}
        aria-controls="member-menu"
        onClick={() => setOpen((v) => !v)}
      >
        Member
      </button>
      <ul id="member-menu" className="shell-member__list" hidden={!open}>
        {MEMBER_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </li>
      </ul>
    </div>
  );
}
