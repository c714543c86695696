import { useEffect, useRef } from 'react';

/**
 * Calls `callback` every `ms` while the page is visible. A hidden tab runs no timer at all; when
 * the page shows again the callback runs at once (to catch up) and the interval restarts.
 */
export function useVisibleInterval(callback: () => void, ms: number): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      if (timer !== undefined) return;
      saved.current();
      timer = setInterval(() => saved.current(), ms);
    };
    const sync = () => (document.visibilityState === 'hidden' ? stop() : start());
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', sync);
    };
  }, [ms]);
}
