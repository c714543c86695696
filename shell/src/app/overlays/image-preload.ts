import type { PageKey } from '@croft/contracts';
import { BACKGROUND_SETS, imageSrcSet } from '@croft/contracts/imagery';

const preloaded = new Set<string>();

/**
 * Starts loading an image of ours before it is shown: a `<link rel=preload as=image>` with the
 * AVIF srcset (browsers without AVIF skip it by its type, and load the WebP <source> on display).
 */
export function preloadImage(id: string, sizes = '100vw'): void {
  if (preloaded.has(id) || typeof document === 'undefined') return;
  preloaded.add(id);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.type = 'image/avif';
  link.setAttribute('imagesrcset', imageSrcSet(id, 'avif'));
  link.setAttribute('imagesizes', sizes);
  link.dataset.croftPreload = id;
  document.head.append(link);
}

/** Hovering a navigation entry preloads three images of that section (spec 000 §2), never common-room. */
export function preloadSectionImages(page: PageKey): void {
  if (page === 'common-room') return;
  for (const image of BACKGROUND_SETS[page].slice(0, 3)) preloadImage(image.id);
}

/** For tests. */
export function resetPreloadedImages(): void {
  preloaded.clear();
}
