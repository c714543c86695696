import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const loadForm = () => import('../newsletter/newsletter-form');
const NewsletterForm = lazy(async () => ({ default: (await loadForm()).NewsletterForm }));

/** How far below the viewport the footer starts loading its form (px). */
const NEAR_VIEWPORT_MARGIN = '800px';

/**
 * The footer's newsletter form, fetched when the footer comes near the viewport (or the page
 * has been idle), not with the page: it sits below the fold on every page, and a visitor's
 * first download stays small. Its box is reserved meanwhile, so nothing moves when it arrives.
 */
export function LazyNewsletterForm() {
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
    // An idle page warms it up anyway, so the form is ready when someone scrolls fast.
    const idle = window.setTimeout(() => void loadForm(), 4000);
    return () => {
      observer.disconnect();
      window.clearTimeout(idle);
    };
  }, [wanted]);
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
