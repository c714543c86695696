import { transitionSchedule, type OverlayPhase, type TransitionVariant } from './overlay-timings';

/** The overlay state of spec 000 §3: visible, target path, variant, preview image, phase. */
export interface TransitionState {
  visible: boolean;
  /** The overlay is fading out (still in the tree, not blocking clicks). */
  leaving: boolean;
  target: string | null;
  variant: TransitionVariant;
  preview: string | null;
  phase: OverlayPhase;
}

export const IDLE: TransitionState = { visible: false, leaving: false, target: null, variant: 'soft', preview: null, phase: 'idle' };

export interface TransitionControllerOptions {
  navigate: (to: string) => void;
  reducedMotion: () => boolean;
  /** Starts loading the preview image before the overlay shows it. */
  preload?: (previewId: string) => void;
}

/**
 * Runs page transitions: show the overlay, navigate to the target, hide, then reset. One at a
 * time: a start while one runs is ignored (a double click does not navigate twice).
 */
export function createTransitionController(options: TransitionControllerOptions) {
  let state = IDLE;
  const listeners = new Set<() => void>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const set = (next: Partial<TransitionState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts a transition to `target`; false when one is already running. */
    start(target: string, { variant = 'soft', preview }: { variant?: TransitionVariant; preview?: string } = {}): boolean {
      if (state.visible) return false;
      if (preview) options.preload?.(preview);
      const { phase, steps } = transitionSchedule(variant, options.reducedMotion());
      set({ visible: true, leaving: false, target, variant, preview: preview ?? null, phase });
      for (const step of steps) {
        timers.push(
          setTimeout(() => {
            if (step.action === 'phase-logo') set({ phase: 'logo' });
            else if (step.action === 'navigate') options.navigate(target);
            else if (step.action === 'hide') set({ leaving: true });
            else {
              timers.length = 0;
              set(IDLE);
            }
          }, step.at),
        );
      }
      return true;
    },
    /** Stops any running transition (unmount). */
    dispose() {
      timers.splice(0).forEach(clearTimeout);
      state = IDLE;
    },
  };
}

export type TransitionController = ReturnType<typeof createTransitionController>;
