import { lazy, type ComponentType } from 'react';
import HomePage from './pages/home-page';
import { sectionPage } from './features/section-page/section-page';
import { SiteFooter } from './features/footer/site-footer';

/** A lazily loaded page from a module's named export, with the site footer under it. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  function WithFooter() {
    return (
      <>
        <Page />
        <SiteFooter />
      </>
    );
  }
  return WithFooter;
}

/**
 * The site remote's pages, keyed by the shell's route patterns. The home and section pages are
 * on every visitor's path, so they ship in the Routes chunk itself (the gateway preloads it);
 * rarer pages are lazy.
 */
export const routes: Record<string, ComponentType> = {
  '/': HomePage,
  '/cafe': sectionPage('cafe'),
  '/cocktails': sectionPage('cocktails'),
  '/beer': sectionPage('beer'),
  '/kitchens': sectionPage('kitchens'),
  '/hall': sectionPage('hall'),
  '/community': sectionPage('community'),
  '/onekitchen-menu': lazyPage(() => import('./features/one-kitchen/one-kitchen-menu-page'), (m) => m.OneKitchenMenuPage),
  '/book': lazyPage(() => import('./features/book/book-page'), (m) => m.BookPage),
  '/privacy': lazyPage(() => import('./features/info-pages/privacy-page'), (m) => m.PrivacyPage),
  '/branding': lazyPage(() => import('./features/info-pages/branding-page'), (m) => m.BrandingPage),
  '/common-good': lazyPage(() => import('./features/common-good/common-good-page'), (m) => m.CommonGoodPage),
  '/common-good/message': lazyPage(() => import('./features/common-good/common-good-message-page'), (m) => m.CommonGoodMessagePage),
  '/unsubscribe': lazyPage(() => import('./features/unsubscribe/unsubscribe-page'), (m) => m.UnsubscribePage),
  '/croft-common-datetime': lazyPage(() => import('./features/info-pages/date-time-page'), (m) => m.DateTimePage),
};
