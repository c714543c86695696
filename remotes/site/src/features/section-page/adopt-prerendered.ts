import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The hero image the server prerendered for this page (see remotes/site/prerender), taken over
 * by the page as the very same element: the image already on screen is never re-created, so it
 * stays the page's largest paint however late the scripts run. Null on any later navigation.
 */
export function usePrerenderedHeroImage(page: string) {
  const [picture] = useState<Element | null>(() =>
    typeof document === 'undefined'
      ? null
      : document.querySelector(`main[data-prerendered][data-section="${CSS.escape(page)}"] .site-hero > picture`),
  );
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (picture && slot.current && picture.parentElement !== slot.current) slot.current.append(picture);
  }, [picture]);
  return { adopted: picture !== null, slot };
}
