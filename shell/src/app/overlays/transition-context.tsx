import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from '@croft/router';
import { createTransitionController, IDLE, type TransitionController } from './transition-controller';
import { preloadImage } from './image-preload';
import { TransitionOverlay } from './transition-overlay';

const TransitionContext = createContext<TransitionController | null>(null);

export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Gives the page its transition controller and renders the overlay above everything. */
export function TransitionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const controller = useMemo(
    () => createTransitionController({ navigate: (to) => navigate(to), reducedMotion: prefersReducedMotion, preload: preloadImage }),
    [navigate],
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, () => IDLE);
  return (
    <TransitionContext.Provider value={controller}>
      {children}
      <TransitionOverlay state={state} />
    </TransitionContext.Provider>
  );
}

/** The running controller (null outside a TransitionProvider: callers then navigate plainly). */
export function usePageTransition(): TransitionController | null {
  return useContext(TransitionContext);
}
