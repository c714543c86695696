import { CmsText } from '../features/cms-text/cms-text';
import '../features/section-page/section-hero.css';

/** The home hero's heading over the slides (prerendered too). */
export function HomeHeroText({ titleId }: { titleId: string }) {
  return (
    <div className="site-home-hero__text">
      <CmsText page="home" section="hero" contentKey="title" as="h1" id={titleId} className="site-hero__title" />
      <CmsText page="home" section="hero" contentKey="subtitle" className="site-hero__lede" />
    </div>
  );
}
