/**
 * Timings of the page-transition and intro overlays (spec 000 §9: 166, 500, 900, 900, 600 and
 * 200 ms; the soft logo lasts 900 ms). What each number drives is not specified; our reading:
 */
export const TRANSITION_MS = {
  /** The strobe texture toggles every 166 ms (a CSS steps() animation, no JS timers). */
  strobeFlash: 166,
  /** Strobe variant: strobing lasts 500 ms, then the logo. */
  strobe: 500,
  /** Strobe variant: the logo holds 900 ms, then the router navigates. */
  logo: 900,
  /** Soft variant: the preview image and logo hold 900 ms, then the router navigates. */
  softLogo: 900,
  /** After navigating, the overlay fades out over 600 ms… */
  hide: 600,
  /** …and 200 ms later the target and preview are cleared (back to idle). */
  reset: 200,
} as const;

/** With prefers-reduced-motion the soft variant shows the logo for a fixed time, no strobe, no fades. */
export const REDUCED_MOTION_LOGO_MS = 900;

/** The intro on / (its timings are not in the spec; these reuse the transition's rhythm). */
export const INTRO_MS = {
  strobe: 900,
  logo: 900,
  fade: 600,
} as const;

export type TransitionVariant = 'strobe' | 'soft';
export type OverlayPhase = 'idle' | 'strobe' | 'soft-logo' | 'logo';

export interface TransitionStep {
  /** ms after the start */
  at: number;
  action: 'phase-logo' | 'navigate' | 'hide' | 'reset';
}

/** The steps of one transition, from its variant and the motion preference. Pure, for tests. */
export function transitionSchedule(variant: TransitionVariant, reducedMotion: boolean): { phase: OverlayPhase; steps: TransitionStep[] } {
  if (reducedMotion) {
    const navigateAt = REDUCED_MOTION_LOGO_MS;
    return {
      phase: 'soft-logo',
      steps: [
        { at: navigateAt, action: 'navigate' },
        { at: navigateAt, action: 'hide' },
        { at: navigateAt + TRANSITION_MS.reset, action: 'reset' },
      ],
    };
  }
  if (variant === 'soft') {
    const navigateAt = TRANSITION_MS.softLogo;
    return {
      phase: 'soft-logo',
      steps: [
        { at: navigateAt, action: 'navigate' },
        { at: navigateAt + TRANSITION_MS.hide, action: 'hide' },
        { at: navigateAt + TRANSITION_MS.hide + TRANSITION_MS.reset, action: 'reset' },
      ],
    };
  }
  const navigateAt = TRANSITION_MS.strobe + TRANSITION_MS.logo;
  return {
    phase: 'strobe',
    steps: [
      { at: TRANSITION_MS.strobe, action: 'phase-logo' },
      { at: navigateAt, action: 'navigate' },
      { at: navigateAt + TRANSITION_MS.hide, action: 'hide' },
      { at: navigateAt + TRANSITION_MS.hide + TRANSITION_MS.reset, action: 'reset' },
    ],
  };
}
