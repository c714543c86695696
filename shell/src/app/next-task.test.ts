import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame, FRAME_WAIT_MS, nextTask } from './next-task';
import { settlesWithinTheTask } from './testing';

function visibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

/** requestAnimationFrame that runs its callbacks only when the test says a frame happened. */
function frames() {
  const callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal(
    'requestAnimationFrame',
    vi.fn((cb: FrameRequestCallback) => callbacks.push(cb)),
  );
  return {
    asked: () => callbacks.length,
    run: () => callbacks.splice(0).forEach((cb) => cb(performance.now())),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('nextTask', () => {
  it('resolves in a later task, not in this one', async () => {
    const passed = nextTask();
    expect(await settlesWithinTheTask(passed)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await settlesWithinTheTask(passed)).toBe(true);
  });
});

describe('afterNextFrame: a step of the start waits for the browser to paint a frame first', () => {
  it('on a visible page, waits for a frame and then for a task after it', async () => {
    visibility('visible');
    const frame = frames();
    const passed = afterNextFrame();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frame.asked()).toBe(1);
    expect(await settlesWithinTheTask(passed)).toBe(false);
    frame.run();
    expect(await settlesWithinTheTask(passed)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await settlesWithinTheTask(passed)).toBe(true);
  });

  it('on a hidden page (no frames come there), goes on after a task without asking for a frame', async () => {
    visibility('hidden');
    const frame = frames();
    const passed = afterNextFrame();
    expect(await settlesWithinTheTask(passed)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await settlesWithinTheTask(passed)).toBe(true);
    expect(frame.asked()).toBe(0);
  });

  it(`goes on without a frame after ${FRAME_WAIT_MS} ms (the tab hidden after asking), and a late frame changes nothing`, async () => {
    visibility('visible');
    const frame = frames();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const passed = afterNextFrame();
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS - 1);
    expect(await settlesWithinTheTask(passed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1); // the task after (fake timers run a 0 ms timer at 1 ms)
    expect(await settlesWithinTheTask(passed)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    frame.run();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after a frame, its fallback timer is cleared (nothing left to run)', async () => {
    visibility('visible');
    const frame = frames();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const passed = afterNextFrame();
    expect(vi.getTimerCount()).toBe(1);
    frame.run();
    expect(await settlesWithinTheTask(passed)).toBe(false);
    expect(vi.getTimerCount()).toBe(1); // the task after the frame, not the fallback
    await vi.advanceTimersByTimeAsync(1);
    expect(await settlesWithinTheTask(passed)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
