import { lazy, type ComponentType } from 'react';
import type { SectionKey } from './pages/section-frames';

const Home = lazy(() => import('./pages/home-page'));
const sectionPage = (key: SectionKey) =>
  lazy(async () => ({ default: (await import('./pages/section-frames')).sectionFrame(key) }));

/** The site remote's pages, keyed by the shell's route patterns. */
export const routes: Record<string, ComponentType> = {
  '/': Home,
  '/cafe': sectionPage('cafe'),
  '/cocktails': sectionPage('cocktails'),
  '/beer': sectionPage('beer'),
  '/kitchens': sectionPage('kitchens'),
  '/hall': sectionPage('hall'),
  '/community': sectionPage('community'),
  '/onekitchen-menu': sectionPage('onekitchen-menu'),
  '/book': sectionPage('book'),
  '/privacy': sectionPage('privacy'),
  '/branding': sectionPage('branding'),
  '/common-good': sectionPage('common-good'),
  '/common-good/message': sectionPage('common-good-message'),
  '/unsubscribe': sectionPage('unsubscribe'),
  '/croft-common-datetime': sectionPage('croft-common-datetime'),
};
