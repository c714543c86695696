/**
 * Resolves in a later task (a 0 ms timer), so the browser can run input in between: the task
 * afterNextFrame goes on in (after a frame, or at once where no frames come).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How long afterNextFrame waits for a frame before going on without one (a tab hidden meanwhile). */
export const FRAME_WAIT_MS = 100;

/**
 * Resolves in a task after the browser's next frame: a step of the start that follows it leaves
 * the browser a frame to paint in, and a touch held for the next frame (DevTools holds injected
 * touches so; Chrome also defers rendering behind queued work for up to ~100 ms) is answered
 * before the step. A hidden page gets no frames, so it goes on at once; if no frame comes within
 * FRAME_WAIT_MS (the tab hidden after asking) it goes on anyway.
 */
export const afterNextFrame = (): Promise<void> => {
  if (typeof document === 'undefined' || document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') return nextTask();
  return new Promise<void>((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void nextTask().then(resolve);
    };
    const timer = setTimeout(go, FRAME_WAIT_MS);
    requestAnimationFrame(go);
  });
};
