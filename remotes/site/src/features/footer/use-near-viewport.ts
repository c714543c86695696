import { useEffect, useState, type RefObject } from 'react';

/** How far below the viewport the footer's parts start loading (px). */
export const NEAR_VIEWPORT_MARGIN = '800px';
/** How long a page sits idle before the footer's parts load anyway (ms). */
export const IDLE_LOAD_MS = 4000;

/**
 * Whether the element has come near the viewport (within NEAR_VIEWPORT_MARGIN below it): the
 * footer's parts load then, not with the page. If the page sits IDLE_LOAD_MS first, `onIdle`
 * runs: it may warm a chunk up, or call `near()` to load now. Without IntersectionObserver the
 * element counts as near at once.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, onIdle: (near: () => void) => void): boolean {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || isNear) return;
    const near = () => setNear(true);
    if (typeof IntersectionObserver === 'undefined') {
      near();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near(), {
      rootMargin: `0px 0px ${NEAR_VIEWPORT_MARGIN} 0px`,
    });
    observer.observe(element);
    const idle = window.setTimeout(() => onIdle(near), IDLE_LOAD_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(idle);
    };
    // onIdle is read once per mount on purpose: callers pass a new function each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNear, ref]);
  return isNear;
}
