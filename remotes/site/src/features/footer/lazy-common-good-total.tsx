import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CommonGoodLine } from '../common-good-total/common-good-line';

const CommonGoodTotal = lazy(async () => ({ default: (await import('../common-good-total/common-good-total')).CommonGoodTotal }));

/** How far below the viewport the footer starts reading the total (px). */
const NEAR_VIEWPORT_MARGIN = '800px';
/** An idle page reads it anyway, so the total is there whether or not anyone scrolls (ms). */
const IDLE_LOAD_MS = 4000;

/**
 * The footer's Common Good total, read when the footer comes near the viewport or the page has
 * been idle a few seconds, not with the page: the footer is below the fold on every page, and
 * the reader (its client, the venue contract, the request code) stays out of a visitor's first
 * download. Until then the line shows as it does while loading ('—'), so nothing moves.
 */
export function LazyCommonGoodTotal({ className }: { className?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = holder.current;
    if (!element || wanted) return;
    const want = () => setWanted(true);
    if (typeof IntersectionObserver === 'undefined') {
      want();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: `0px 0px ${NEAR_VIEWPORT_MARGIN} 0px`,
    });
    observer.observe(element);
    const idle = window.setTimeout(want, IDLE_LOAD_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(idle);
    };
  }, [wanted]);
  const loading = <CommonGoodLine state={{ status: 'loading' }} className={className} />;
  return (
    <div ref={holder}>
      {wanted ? (
        <Suspense fallback={loading}>
          <CommonGoodTotal className={className} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
