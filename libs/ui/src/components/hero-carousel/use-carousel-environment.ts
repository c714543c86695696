import type { CarouselEnvironment } from './carousel-timing';

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
  saveData?: boolean;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Reads viewport width, connection and motion preference from the browser. */
export function readCarouselEnvironment(): CarouselEnvironment {
  if (typeof window === 'undefined') return { viewportWidth: 1280, reducedMotion: false };
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return {
    viewportWidth: window.innerWidth,
    effectiveType: connection?.effectiveType,
    saveData: connection?.saveData,
    reducedMotion: typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
  };
}

/** Calls `onChange` with fresh facts on resize, connection and motion-preference changes. */
export function watchCarouselEnvironment(onChange: (env: CarouselEnvironment) => void): () => void {
  const update = () => onChange(readCarouselEnvironment());
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  const motion = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : undefined;
  window.addEventListener('resize', update);
  connection?.addEventListener?.('change', update);
  motion?.addEventListener?.('change', update);
  return () => {
    window.removeEventListener('resize', update);
    connection?.removeEventListener?.('change', update);
    motion?.removeEventListener?.('change', update);
  };
}
