import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from './use-near-viewport';

const loadForm = () => import('../newsletter/newsletter-form');
const NewsletterForm = lazy(async () => ({ default: (await loadForm()).NewsletterForm }));

/**
 * The footer's newsletter form, fetched when the footer comes near the viewport (or the page
 * has been idle), not with the page: it sits below the fold on every page, and a visitor's
 * first download stays small. Its box is reserved meanwhile, so nothing moves when it arrives.
 */
export function LazyNewsletterForm() {
  const holder = useRef<HTMLDivElement>(null);
  // An idle page warms the form up, so it is ready when someone scrolls fast.
  const wanted = useNearViewport(holder, () => void loadForm());
  return (
    <div ref={holder} className="site-footer__form-slot" data-loaded={wanted}>
      {wanted && (
        <Suspense fallback={<div className="site-footer__form-placeholder" />}>
          <NewsletterForm />
        </Suspense>
      )}
    </div>
  );
}
