import { MOBILE_BREAKPOINT_PX } from '@croft/contracts';

/**
 * Hero carousel timing (spec 001 §9, 000 §9), free of React and the DOM so it
 * can be tested with fake timers:
 *
 * - autoplay advances every 4 s on desktop, every 6 s on mobile (< 768 px) or
 *   a slow connection (effectiveType 'slow-2g'/'2g', or Save-Data);
 * - only 2 images load eagerly on mobile/slow, the rest 1 s later;
 * - autoplay starts no sooner than the 2 s start timeout after mount and no
 *   sooner than 1 s after the window `load` event (animations wait for page
 *   load; carousels resume 1 s after it);
 * - prefers-reduced-motion: no autoplay (the carousel stays navigable);
 * - hover, focus, a hidden tab or the pause button pause it; resuming waits a
 *   full interval again.
 */
export const CAROUSEL_TIMING = {
  desktopIntervalMs: 4000,
  mobileIntervalMs: 6000,
  startTimeoutMs: 2000,
  resumeAfterLoadMs: 1000,
  deferredImagesDelayMs: 1000,
  eagerImagesWhenConstrained: 2,
} as const;

export interface CarouselEnvironment {
  /** window.innerWidth (CSS px). */
  viewportWidth: number;
  /** navigator.connection.effectiveType, when the browser reports it. */
  effectiveType?: string;
  /** navigator.connection.saveData. */
  saveData?: boolean;
  /** matchMedia('(prefers-reduced-motion: reduce)').matches */
  reducedMotion: boolean;
}

export const isSlowConnection = (env: Pick<CarouselEnvironment, 'effectiveType' | 'saveData'>): boolean =>
  env.saveData === true || env.effectiveType === 'slow-2g' || env.effectiveType === '2g';

/** Mobile width or a slow connection: slower autoplay, fewer eager images. */
export const isConstrained = (env: CarouselEnvironment): boolean =>
  env.viewportWidth < MOBILE_BREAKPOINT_PX || isSlowConnection(env);

export const autoplayIntervalMs = (env: CarouselEnvironment): number =>
  isConstrained(env) ? CAROUSEL_TIMING.mobileIntervalMs : CAROUSEL_TIMING.desktopIntervalMs;

/** How many slides (from the first) load their image at once. */
export const eagerImageCount = (env: CarouselEnvironment, total: number): number =>
  isConstrained(env) ? Math.min(CAROUSEL_TIMING.eagerImagesWhenConstrained, total) : total;

export type PauseReason = 'hover' | 'focus' | 'user' | 'hidden';

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AutoplayOptions {
  env: CarouselEnvironment;
  /** Called to move to the next slide. */
  onAdvance: () => void;
  /** Called whenever `playing` changes (for the live region and the pause button). */
  onChange?: (state: AutoplayState) => void;
  /** True when the window `load` event already fired (document.readyState === 'complete'). */
  pageLoaded: boolean;
  timers?: Timers;
}

export interface AutoplayState {
  /** Start timeout and post-load wait are over. */
  ready: boolean;
  /** Autoplay is advancing slides right now. */
  playing: boolean;
  /** Autoplay is on (not stopped with the pause button; under reduced motion, play was pressed). */
  enabled: boolean;
  /** Why it is paused (empty when it would play). */
  paused: readonly PauseReason[];
  /** Reduced motion: autoplay is off unless the visitor presses play. */
  reducedMotion: boolean;
}

export interface AutoplayScheduler {
  /** Call from the window `load` listener. */
  pageLoaded(): void;
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  /** The visitor moved the carousel: the next advance waits a full interval. */
  restart(): void;
  /** New viewport/connection/motion facts; applies from the next interval. */
  setEnv(env: CarouselEnvironment): void;
  state(): AutoplayState;
  destroy(): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createAutoplayScheduler({
  env: initialEnv,
  onAdvance,
  onChange,
  pageLoaded,
  timers = defaultTimers,
}: AutoplayOptions): AutoplayScheduler {
  let env = initialEnv;
  let startTimeoutDone = false;
  let loadWaitDone = false;
  const paused = new Set<PauseReason>();
  let tick: unknown = null;
  let destroyed = false;
  // Reduced motion: autoplay stays off until the visitor presses play.
  let optedIn = false;
  let last = '';

  const state = (): AutoplayState => {
    const ready = startTimeoutDone && loadWaitDone;
    const allowed = !env.reducedMotion || optedIn;
    return {
      ready,
      playing: ready && allowed && paused.size === 0 && !destroyed,
      enabled: allowed && !paused.has('user'),
      paused: [...paused],
      reducedMotion: env.reducedMotion,
    };
  };

  const stopTick = () => {
    if (tick !== null) timers.clearTimeout(tick);
    tick = null;
  };

  const schedule = () => {
    stopTick();
    if (!state().playing) return;
    tick = timers.setTimeout(() => {
      tick = null;
      if (!state().playing) return;
      onAdvance();
      schedule();
    }, autoplayIntervalMs(env));
  };

  const update = (reschedule: boolean) => {
    const s = state();
    if (reschedule || !s.playing) schedule();
    else if (tick === null) schedule();
    const key = JSON.stringify(s);
    if (key !== last) {
      last = key;
      onChange?.(s);
    }
  };

  const startTimer = timers.setTimeout(() => {
    startTimeoutDone = true;
    update(false);
  }, CAROUSEL_TIMING.startTimeoutMs);
  let loadTimer: unknown = null;
  const afterLoad = () => {
    if (loadTimer !== null || loadWaitDone) return;
    loadTimer = timers.setTimeout(() => {
      loadWaitDone = true;
      update(false);
    }, CAROUSEL_TIMING.resumeAfterLoadMs);
  };
  if (pageLoaded) afterLoad();
  last = JSON.stringify(state());

  return {
    pageLoaded: afterLoad,
    pause(reason) {
      if (reason === 'user') optedIn = false;
      paused.add(reason);
      update(false);
    },
    resume(reason) {
      if (reason === 'user') optedIn = true;
      const had = paused.delete(reason);
      if (had || reason === 'user') update(true);
    },
    restart() {
      if (state().playing) schedule();
    },
    setEnv(next) {
      env = next;
      if (!env.reducedMotion) optedIn = false;
      update(false);
    },
    state,
    destroy() {
      destroyed = true;
      stopTick();
      timers.clearTimeout(startTimer);
      if (loadTimer !== null) timers.clearTimeout(loadTimer);
    },
  };
}
