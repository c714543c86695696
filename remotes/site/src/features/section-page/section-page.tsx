import { lazy, Suspense, useId, useRef, type ComponentType } from 'react';
import { SiteFooter } from '../footer/site-footer';
import { PageActions } from '@croft/menus';
import { SectionHero } from './section-hero';
import { PageBody } from './page-body';
import { useBelowTheFold } from './below-the-fold';
import { SECTION_PAGE_CLASS, type SectionPageKey } from './section-page-keys';

export type { SectionPageKey } from './section-page-keys';
import './section-page.css';

// The secret 7 (gesture, trail, reveals) loads once the page has rendered: see secret-reveal.tsx.
const SectionSecretSeven = lazy(() => import('./secret-reveal'));

/**
 * A section page (/cafe, /cocktails, /beer, /kitchens, /hall, /community): hero with the
 * section's background set and accent, CMS text, the page's FAQ, OPEN and BOOK, the footer, and
 * the secret 7 over the page's content. The text, FAQ and footer render one task after the hero
 * and OPEN (useBelowTheFold), so the page's first commit is small enough not to hold a first tap.
 */
export function SectionPage({ page, firstSection = 'hero' }: { page: SectionPageKey; firstSection?: string }) {
  const titleId = useId();
  const surface = useRef<HTMLElement>(null);
  const belowTheFold = useBelowTheFold();
  return (
    <>
      <main ref={surface} id="main" tabIndex={-1} aria-labelledby={titleId} className={SECTION_PAGE_CLASS(page)} data-section={page}>
        <SectionHero page={page} titleId={titleId} />
        {belowTheFold && <PageBody page={page} />}
        <PageActions page={page} />
        <Suspense fallback={null}>
          <SectionSecretSeven page={page} surface={surface} firstSection={firstSection} />
        </Suspense>
      </main>
      {belowTheFold && <SiteFooter />}
    </>
  );
}

export function sectionPage(page: SectionPageKey): ComponentType {
  const Page = () => <SectionPage page={page} />;
  Page.displayName = `SectionPage(${page})`;
  return Page;
}
