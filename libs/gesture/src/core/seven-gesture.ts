import {
  ATTEMPT_TIMEOUT_MS,
  CLEAR_AFTER_COMPLETE_MS,
  CLEAR_AFTER_END_MS,
  DRAWING_AFTER_POINTS,
} from './constants';
import { recogniseSeven, type GesturePoint, type SevenRejection } from './recognise-seven';

/** Spec 001 §4: idle, drawing, complete or failed, with auto-reset. */
export type SevenGestureState = 'idle' | 'drawing' | 'complete' | 'failed';

/** What a failed attempt failed on: the recogniser's reason, or the §9 attempt timeout. */
export type SevenFailure = SevenRejection;

export interface SevenGestureSnapshot {
  state: SevenGestureState;
  /** Set while state is 'failed'. */
  reason?: SevenFailure;
  /** How the 7 arrived, set while state is 'complete'. */
  via?: 'pointer' | 'keyboard';
}

export interface GestureTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SevenGestureOptions {
  /** Called once per recognised 7 (drawn, or `completeFromKeyboard`). */
  onComplete?: (via: 'pointer' | 'keyboard') => void;
  onStateChange?: (snapshot: SevenGestureSnapshot) => void;
  /** Milliseconds clock for point times; default performance.now. */
  now?: () => number;
  /** Timer functions; default the global setTimeout/clearTimeout. */
  timers?: GestureTimers;
}

export interface SevenGesture {
  /** Starts a new attempt at a point (pointerdown). Drops any attempt or pending clear. */
  start(point: { x: number; y: number }): void;
  /** Adds a point to the attempt (pointermove). Ignored when no attempt is running. */
  move(point: { x: number; y: number }): void;
  /** Ends the attempt (pointerup), optionally with a last point; recognises the stroke. */
  end(point?: { x: number; y: number }): void;
  /** Abandons the attempt at once (pointercancel, a second finger): back to idle, no failure shown. */
  cancel(): void;
  /** The keyboard equivalent: completes at once, as a drawn 7 would. */
  completeFromKeyboard(): void;
  /** Drops any attempt, result and pending timer: back to idle at once (still usable). */
  reset(): void;
  /** True while a stroke is being recorded. */
  isTracking(): boolean;
  getSnapshot(): SevenGestureSnapshot;
  /** The points of the current (or just finished) attempt; a new array after every change. */
  getPoints(): readonly GesturePoint[];
  /** Called after any change of state or points. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Clears timers and listeners; the gesture stays idle afterwards. */
  dispose(): void;
}

const IDLE: SevenGestureSnapshot = Object.freeze({ state: 'idle' });

function checkPoint(point: { x: number; y: number }): void {
  if (!point || !Number.isFinite(point.x) || !Number.isFinite(point.y)) {
    throw new TypeError('seven gesture: a point needs finite numeric x and y');
  }
}

/**
 * The secret "7" state machine (spec 001 §4, §5, §9), free of the DOM:
 * - idle → drawing once more than 10 points are recorded;
 * - on end: complete when the stroke is a 7 (cleared to idle after 1 s),
 *   failed otherwise (cleared after 0.5 s);
 * - 8 s after an attempt's first point it fails with reason 'timeout' (cleared after 0.5 s);
 *   later moves of that stroke are ignored.
 * An attempt that never reached 'drawing' (a click, a tap, a short drag) ends quietly in idle:
 * it could not have been a 7 (that needs 12 points) and should not flash a failure.
 */
export function createSevenGesture(options: SevenGestureOptions = {}): SevenGesture {
  const now = options.now ?? (() => performance.now());
  const timers: GestureTimers = options.timers ?? {
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const listeners = new Set<() => void>();

  let snapshot: SevenGestureSnapshot = IDLE;
  let points: readonly GesturePoint[] = [];
  let tracking = false;
  let attemptTimer: unknown = null;
  let clearTimer: unknown = null;
  let disposed = false;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const stopTimer = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle);
  };

  const setSnapshot = (next: SevenGestureSnapshot) => {
    const changed =
      next.state !== snapshot.state || next.reason !== snapshot.reason || next.via !== snapshot.via;
    snapshot = next;
    if (changed) options.onStateChange?.(snapshot);
  };

  const toIdle = (quiet = false) => {
    stopTimer(attemptTimer);
    stopTimer(clearTimer);
    attemptTimer = null;
    clearTimer = null;
    tracking = false;
    points = [];
    setSnapshot(IDLE);
    if (!quiet) notify();
  };

  const scheduleClear = (ms: number) => {
    stopTimer(clearTimer);
    clearTimer = timers.setTimeout(() => {
      clearTimer = null;
      toIdle();
    }, ms);
  };

  const finish = (next: SevenGestureSnapshot, clearAfter: number) => {
    stopTimer(attemptTimer);
    attemptTimer = null;
    tracking = false;
    setSnapshot(next);
    scheduleClear(clearAfter);
    notify();
    if (next.state === 'complete') options.onComplete?.(next.via ?? 'pointer');
  };

  const record = (point: { x: number; y: number }) => {
    checkPoint(point);
    points = [...points, { x: point.x, y: point.y, t: now() }];
    if (snapshot.state === 'idle' && points.length > DRAWING_AFTER_POINTS) setSnapshot({ state: 'drawing' });
  };

  return {
    start(point) {
      if (disposed) return;
      checkPoint(point);
      toIdle(true);
      tracking = true;
      record(point);
      attemptTimer = timers.setTimeout(() => {
        attemptTimer = null;
        if (!tracking) return;
        if (snapshot.state === 'drawing') finish({ state: 'failed', reason: 'timeout' }, CLEAR_AFTER_END_MS);
        else toIdle();
      }, ATTEMPT_TIMEOUT_MS);
      notify();
    },
    move(point) {
      if (!tracking) return;
      record(point);
      notify();
    },
    end(point) {
      if (!tracking) return;
      if (point) record(point);
      if (snapshot.state !== 'drawing') {
        toIdle();
        return;
      }
      const result = recogniseSeven(points);
      if (result.matched) finish({ state: 'complete', via: 'pointer' }, CLEAR_AFTER_COMPLETE_MS);
      else finish({ state: 'failed', reason: result.reason }, CLEAR_AFTER_END_MS);
    },
    cancel() {
      if (!tracking) return;
      toIdle();
    },
    completeFromKeyboard() {
      if (disposed) return;
      toIdle(true);
      finish({ state: 'complete', via: 'keyboard' }, CLEAR_AFTER_COMPLETE_MS);
    },
    reset() {
      toIdle();
    },
    isTracking: () => tracking,
    getSnapshot: () => snapshot,
    getPoints: () => points,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stopTimer(attemptTimer);
      stopTimer(clearTimer);
      attemptTimer = null;
      clearTimer = null;
      tracking = false;
      points = [];
      snapshot = IDLE;
      disposed = true;
      listeners.clear();
    },
  };
}
