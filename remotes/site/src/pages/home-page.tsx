import { useId } from 'react';
import { HeroCarousel } from '@croft/ui';
import { HomeHeroText } from './home-hero-text';
import { SiteFooter } from '../features/footer/site-footer';
import { PageActions } from '@croft/menus';
import { useCarouselImages } from '../features/hero-carousel-data/api/get-carousel-images';
import { PageBody } from '../features/section-page/page-body';
import { useBelowTheFold } from '../features/section-page/below-the-fold';
import '../features/section-page/section-page.css';

/**
 * Home: the hero carousel from cms_images (Book and Open at the bottom right), the venue in two
 * sections of CMS text, the home FAQ, and the footer with the newsletter and Common Good total.
 * Everything below the carousel renders one task after it (useBelowTheFold), in one commit: the
 * home page is the largest first commit of the site.
 */
export default function HomePage() {
  const titleId = useId();
  const { images } = useCarouselImages('home', 'hero');
  const slides = images.map((image) => ({ id: image.imageId, alt: image.alt, overlay: image.overlay, position: image.position }));
  const belowTheFold = useBelowTheFold();
  return (
    <>
      <main id="main" tabIndex={-1} aria-labelledby={titleId} className="cc-page cc-section-home site-page" data-section="home">
        <HeroCarousel slides={slides} label="Croft Common highlights" className="site-home-hero">
          <HomeHeroText titleId={titleId} />
        </HeroCarousel>
        {belowTheFold && <PageBody page="home" />}
        {/* OPEN on home shows the kitchens' menu: the food is what most first-time visitors ask about. */}
        <PageActions page="kitchens" />
      </main>
      {belowTheFold && <SiteFooter />}
    </>
  );
}
