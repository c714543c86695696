import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@croft/router';
import { INTRO_MS } from './overlay-timings';
import { OverlayLogo } from './overlay-logo';
import { StrobeTexture } from './strobe-texture';
import { prefersReducedMotion } from './transition-context';
import './overlays.css';

/** Session-scoped flag: the intro has played in this browser session (spec 000 §3). */
export const INTRO_PLAYED_KEY = 'croft:intro-played';

export type IntroPhase = 'idle' | 'strobe' | 'logo' | 'fade';

function introPlayed(): boolean {
  try {
    return window.sessionStorage.getItem(INTRO_PLAYED_KEY) === '1';
  } catch {
    return false; // storage blocked: play it (silently), the flag just cannot stick
  }
}

function markIntroPlayed(): void {
  try {
    window.sessionStorage.setItem(INTRO_PLAYED_KEY, '1');
  } catch {
    // silent by spec (000 §8)
  }
}

/**
 * The intro on / (spec 000 §2, §4): once per browser session, a strobing texture, then the
 * 'CROFT COMMON' logo, then a fade back to idle; optionally navigates to `redirectTo` after.
 * Fixed above the page: the page beneath renders (and paints) as usual. Reduced motion skips the
 * strobe and the fade. 'Skip intro' (or Escape) ends it at once.
 */
export function IntroOverlay({ redirectTo }: { redirectTo?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<IntroPhase>(() => (pathname === '/' && !introPlayed() ? 'strobe' : 'idle'));
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    if (phase !== 'strobe') return;
    markIntroPlayed();
    const reduced = prefersReducedMotion();
    const at = (ms: number, fn: () => void) => timers.current.push(setTimeout(fn, ms));
    const finish = () => {
      setPhase('idle');
      if (redirectTo) navigate(redirectTo);
    };
    if (reduced) {
      setPhase('logo');
      at(INTRO_MS.logo, finish);
    } else {
      at(INTRO_MS.strobe, () => setPhase('logo'));
      at(INTRO_MS.strobe + INTRO_MS.logo, () => setPhase('fade'));
      at(INTRO_MS.strobe + INTRO_MS.logo + INTRO_MS.fade, finish);
    }
    // phase changes within this run must not restart it: only the first 'strobe' schedules
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const skip = () => {
    timers.current.splice(0).forEach(clearTimeout);
    setPhase('idle');
    if (redirectTo) navigate(redirectTo);
  };

  useEffect(() => {
    if (phase === 'idle') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') skip();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (phase === 'idle') return null;
  return (
    <div className="shell-overlay shell-intro" data-phase={phase} role="presentation">
      {phase === 'strobe' ? <StrobeTexture /> : <OverlayLogo className="shell-overlay__logo" />}
      <button type="button" className="shell-intro__skip" onClick={skip}>
        Skip intro
      </button>
    </div>
  );
}
