import type { ReactElement } from 'react';
import { HeroCarousel } from '@croft/ui';
import { SectionHero } from '../src/features/section-page/section-hero';
import { SECTION_PAGE_CLASS, type SectionPageKey } from '../src/features/section-page/section-page-keys';
import { catalogueImages } from '../src/features/hero-carousel-data/carousel-image';
import { HomeHeroText } from '../src/pages/home-hero-text';

export const PRERENDER_ATTRIBUTE = 'data-prerendered';
const marker = { [PRERENDER_ATTRIBUTE]: '' };

/**
 * The first paint of the public pages, rendered to static HTML at build time by tools/prerender:
 * the same components the site renders, with the bundled CMS text and catalogue images. Only
 * the hero: what a visitor sees first, and the page's largest paint.
 */
export function prerenderTargets(): { path: string; element: ReactElement }[] {
  const sections: SectionPageKey[] = ['cafe', 'cocktails', 'beer', 'kitchens', 'hall', 'community'];
  const slides = catalogueImages('home').map((image) => ({ id: image.imageId, alt: image.alt, overlay: image.overlay, position: image.position }));
  return [
    {
      path: '/',
      element: (
        <main id="main" tabIndex={-1} aria-labelledby="page-title" className="cc-page cc-section-home site-page" data-section="home" {...marker}>
          <HeroCarousel slides={slides} label="Croft Common highlights" className="site-home-hero">
            <HomeHeroText titleId="page-title" />
          </HeroCarousel>
        </main>
      ),
    },
    ...sections.map((page) => ({
      path: `/${page}`,
      element: (
        <main id="main" tabIndex={-1} aria-labelledby="page-title" className={SECTION_PAGE_CLASS(page)} data-section={page} {...marker}>
          <SectionHero page={page} titleId="page-title" />
        </main>
      ),
    })),
  ];
}
