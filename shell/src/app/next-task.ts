/**
 * Resolves in a later task (a 0 ms timer), so the browser can run input in between:
 * the shell's start and a remote's container start are cut into tasks with it.
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
export const afterNextFrame = (): Promise<void> =>
  new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(go, FRAME_WAIT_MS);
    requestAnimationFrame(go);
  });
