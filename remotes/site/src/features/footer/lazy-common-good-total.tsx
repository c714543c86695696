import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from './use-near-viewport';
import { CommonGoodLine } from '../common-good-total/common-good-line';

const CommonGoodTotal = lazy(async () => ({ default: (await import('../common-good-total/common-good-total')).CommonGoodTotal }));

/**
 * The footer's Common Good total, read when the footer comes near the viewport or the page has
 * been idle a few seconds, not with the page: the footer is below the fold on every page, and
 * the reader (its client, the venue contract, the request code) stays out of a visitor's first
 * download. Until then the line shows as it does while loading ('—'), so nothing moves.
 */
export function LazyCommonGoodTotal({ className }: { className?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  // An idle page reads it anyway, so the total is there whether or not anyone scrolls.
  const wanted = useNearViewport(holder, (near) => near());
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
