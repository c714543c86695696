import { useLayoutEffect, useRef, useState } from 'react';

/** A prerendered image that already failed to load (the page's own image then retries it). */
function failed(picture: Element): boolean {
  const img = picture.querySelector('img');
  return img !== null && img.complete && img.naturalWidth === 0 && img.currentSrc !== '';
}

/**
 * The hero image the server prerendered for this page (see remotes/site/prerender), taken over
 * by the page as the very same element: the image already on screen is never re-created, so it
 * stays the page's largest paint however late the scripts run. Null on any later navigation, and
 * when that image failed: then the page renders its own, which retries and says
 * 'Image unavailable' in the end.
 */
export function usePrerenderedHeroImage(page: string) {
  const [picture, setPicture] = useState<Element | null>(() => {
    if (typeof document === 'undefined') return null;
    const found = document.querySelector(`main[data-prerendered][data-section="${CSS.escape(page)}"] .site-hero > picture`);
    return found && !failed(found) ? found : null;
  });
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!picture || !slot.current) return;
    if (picture.parentElement !== slot.current) slot.current.append(picture);
    const img = picture.querySelector('img');
    const onError = () => setPicture(null);
    img?.addEventListener('error', onError);
    return () => img?.removeEventListener('error', onError);
  }, [picture]);
  return { adopted: picture !== null, slot };
}
