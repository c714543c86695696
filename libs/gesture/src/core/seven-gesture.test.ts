import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSevenGesture, type SevenGestureSnapshot } from './seven-gesture';
import { goodSevenMouse, goodSevenTouchLarge, one, slowSeven } from './recorded-strokes';
import type { GesturePoint } from './recognise-seven';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const onComplete = vi.fn();
  const changes: SevenGestureSnapshot[] = [];
  const gesture = createSevenGesture({
    onComplete,
    onStateChange: (s) => changes.push(s),
    now: () => Date.now(),
  });
  return { gesture, onComplete, changes, states: () => changes.map((c) => c.state) };
}

/** Replays a recorded stroke in (fake) real time: start, moves, end. */
function replay(gesture: ReturnType<typeof createSevenGesture>, stroke: readonly GesturePoint[], end = true) {
  gesture.start(stroke[0]);
  for (let i = 1; i < stroke.length; i += 1) {
    vi.advanceTimersByTime(stroke[i].t - stroke[i - 1].t);
    gesture.move(stroke[i]);
  }
  if (end) gesture.end();
}

describe('createSevenGesture', () => {
  it('enters drawing only once more than 10 points are recorded', () => {
    const { gesture, states } = setup();
    gesture.start(goodSevenMouse[0]);
    for (let i = 1; i < 10; i += 1) gesture.move(goodSevenMouse[i]);
    expect(gesture.getPoints()).toHaveLength(10);
    expect(gesture.getSnapshot().state).toBe('idle');
    gesture.move(goodSevenMouse[10]);
    expect(gesture.getPoints()).toHaveLength(11);
    expect(gesture.getSnapshot().state).toBe('drawing');
    expect(states()).toEqual(['drawing']);
  });

  it('completes a drawn 7, calls onComplete once, and clears 1 s later', () => {
    const { gesture, onComplete, states } = setup();
    replay(gesture, goodSevenTouchLarge);
    expect(gesture.getSnapshot()).toEqual({ state: 'complete', via: 'pointer' });
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('pointer');
    expect(gesture.getPoints()).toHaveLength(goodSevenTouchLarge.length); // trail still shown
    vi.advanceTimersByTime(999);
    expect(gesture.getSnapshot().state).toBe('complete');
    vi.advanceTimersByTime(1);
    expect(gesture.getSnapshot().state).toBe('idle');
    expect(gesture.getPoints()).toHaveLength(0);
    expect(states()).toEqual(['drawing', 'complete', 'idle']);
  });

  it('fails a "1" with its reason and clears 0.5 s after the end', () => {
    const { gesture, onComplete, states } = setup();
    replay(gesture, one);
    expect(gesture.getSnapshot()).toEqual({ state: 'failed', reason: 'top_too_short' });
    expect(onComplete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(gesture.getSnapshot().state).toBe('failed');
    vi.advanceTimersByTime(1);
    expect(gesture.getSnapshot().state).toBe('idle');
    expect(states()).toEqual(['drawing', 'failed', 'idle']);
  });

  it('times a slow 7 out 8 s after its first point, ignores the rest of the stroke, then clears', () => {
    const { gesture, onComplete, states } = setup();
    gesture.start(slowSeven[0]);
    let i = 1;
    for (; i < slowSeven.length && slowSeven[i].t < 8000; i += 1) {
      vi.advanceTimersByTime(slowSeven[i].t - slowSeven[i - 1].t);
      gesture.move(slowSeven[i]);
    }
    expect(gesture.getSnapshot().state).toBe('drawing');
    vi.advanceTimersByTime(8000 - slowSeven[i - 1].t - 1);
    expect(gesture.getSnapshot().state).toBe('drawing');
    vi.advanceTimersByTime(1);
    expect(gesture.getSnapshot()).toEqual({ state: 'failed', reason: 'timeout' });
    const kept = gesture.getPoints().length;
    gesture.move(slowSeven[i]);
    gesture.end(slowSeven[slowSeven.length - 1]);
    expect(gesture.getPoints()).toHaveLength(kept);
    expect(onComplete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(gesture.getSnapshot().state).toBe('idle');
    expect(states()).toEqual(['drawing', 'failed', 'idle']);
  });

  it('ends a click or short drag quietly in idle, without a failure', () => {
    const { gesture, changes } = setup();
    gesture.start({ x: 10, y: 10 });
    gesture.move({ x: 12, y: 11 });
    gesture.end({ x: 13, y: 11 });
    expect(gesture.getSnapshot().state).toBe('idle');
    expect(gesture.getPoints()).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('cancel abandons a drawing at once', () => {
    const { gesture, states } = setup();
    replay(gesture, goodSevenMouse, false);
    gesture.cancel();
    expect(gesture.getSnapshot().state).toBe('idle');
    gesture.end();
    expect(gesture.getSnapshot().state).toBe('idle');
    expect(states()).toEqual(['drawing', 'idle']);
  });

  it('a new stroke during the clear delay starts afresh and is not cut short by the old timer', () => {
    const { gesture, onComplete } = setup();
    replay(gesture, one);
    vi.advanceTimersByTime(300);
    replay(gesture, goodSevenMouse, false); // ~420 ms of moves: crosses the old 500 ms clear
    expect(gesture.getSnapshot().state).toBe('drawing');
    gesture.end();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('moves without a start are ignored', () => {
    const { gesture } = setup();
    gesture.move({ x: 1, y: 1 });
    gesture.end({ x: 1, y: 1 });
    expect(gesture.getPoints()).toHaveLength(0);
  });

  it('completeFromKeyboard completes at once and clears after 1 s', () => {
    const { gesture, onComplete } = setup();
    gesture.completeFromKeyboard();
    expect(gesture.getSnapshot()).toEqual({ state: 'complete', via: 'keyboard' });
    expect(onComplete).toHaveBeenCalledWith('keyboard');
    vi.advanceTimersByTime(1000);
    expect(gesture.getSnapshot().state).toBe('idle');
  });

  it('notifies subscribers of points and states, and stops after unsubscribe and dispose', () => {
    const { gesture } = setup();
    const listener = vi.fn();
    const off = gesture.subscribe(listener);
    gesture.start({ x: 0, y: 0 });
    gesture.move({ x: 5, y: 0 });
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    gesture.move({ x: 6, y: 0 });
    expect(listener).toHaveBeenCalledTimes(2);
    gesture.dispose();
    gesture.start({ x: 0, y: 0 });
    expect(gesture.isTracking()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects a non-finite point with a TypeError and keeps its state', () => {
    const { gesture } = setup();
    gesture.start({ x: 0, y: 0 });
    expect(() => gesture.move({ x: Number.NaN, y: 0 })).toThrow(TypeError);
    expect(gesture.getPoints()).toHaveLength(1);
  });
});
