import { lazy, type ComponentType } from 'react';
import HomePage from './pages/home-page';
import { sectionFrame } from './pages/section-frames';

/**
 * The site remote's pages, keyed by the shell's route patterns. The public pages are small and
 * on every visitor's path, so they ship in the Routes chunk itself (the gateway preloads it);
 * heavy or rarely visited pages are lazy.
 */
const UnsubscribePage = lazy(async () => ({ default: (await import('./features/unsubscribe/unsubscribe-page')).UnsubscribePage }));
export const routes: Record<string, ComponentType> = {
  '/': HomePage,
  '/cafe': sectionFrame('cafe'),
  '/cocktails': sectionFrame('cocktails'),
  '/beer': sectionFrame('beer'),
  '/kitchens': sectionFrame('kitchens'),
  '/hall': sectionFrame('hall'),
  '/community': sectionFrame('community'),
  '/onekitchen-menu': sectionFrame('onekitchen-menu'),
  '/book': sectionFrame('book'),
  '/privacy': sectionFrame('privacy'),
  '/branding': sectionFrame('branding'),
  '/common-good': sectionFrame('common-good'),
  '/common-good/message': sectionFrame('common-good-message'),
  '/unsubscribe': UnsubscribePage,
  '/croft-common-datetime': sectionFrame('croft-common-datetime'),
};
