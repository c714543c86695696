import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from '@croft/router';
import { SkipLink } from '@croft/ui';
import { TopNav } from './top-nav';
import { EditorOverlay } from './editor-overlay';
import { lowerCaseRedirect } from './route-table';
import { TransitionProvider } from './overlays/transition-context';
import { IntroOverlay } from './overlays/intro-overlay';
import { NudgeMount } from './nudge/nudge-mount';
import { NudgeAutoLink } from './nudge/nudge-auto-link';
import { AnalyticsMount } from './analytics/analytics-mount';

function isEditableFocused(): boolean {
  const el = document.activeElement;
  if (!el) return false;
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ||
    (el instanceof HTMLElement && el.isContentEditable);
}

/** '/Cafe' → '/cafe' for known first segments, never while the visitor is typing. */
function useLowerCaseRedirect() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // useEffect, not useLayoutEffect: the router subscribes to history in its own layout effect,
  // which runs after ours on first mount, so an earlier redirect would be lost.
  useEffect(() => {
    const target = lowerCaseRedirect(pathname);
    if (target && !isEditableFocused()) navigate(`${target}${search}${hash}`, { replace: true });
  }, [pathname, search, hash, navigate]);
}

/** Every navigation starts at the top of the page. */
function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout() {
  useLowerCaseRedirect();
  useScrollToTop();
  return (
    <TransitionProvider>
      <SkipLink targetId="main" />
      <TopNav />
      <Outlet />
      <EditorOverlay />
      <IntroOverlay />
      <NudgeMount />
      <NudgeAutoLink />
      <AnalyticsMount />
    </TransitionProvider>
  );
}

