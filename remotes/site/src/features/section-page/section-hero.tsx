import type { ReactNode } from 'react';
import type { PageKey } from '@croft/contracts';
import { BACKGROUND_SETS } from '@croft/contracts/imagery';
import { Picture } from '@croft/ui';
import { CmsText } from '../cms-text/cms-text';
import { usePrerenderedHeroImage } from './adopt-prerendered';
import './section-hero.css';

/**
 * The top of a public page: the section's first background image (the page's largest paint,
 * loaded eagerly at high priority; the gateway also preloads it), a scrim of the image's overlay
 * strength for legible text, the page's h1 and lede from CMS text, and optional actions.
 */
export function SectionHero({ page, titleId, children }: { page: PageKey; titleId: string; children?: ReactNode }) {
  const image = BACKGROUND_SETS[page][0];
  const prerendered = usePrerenderedHeroImage(page);
  return (
    <section className="site-hero" data-tone={image.tone} aria-labelledby={titleId}>
      {prerendered.adopted ? (
        <div ref={prerendered.slot} className="site-hero__adopted" />
      ) : (
      <Picture
        imageId={image.id}
        alt=""
        fit={image.size ?? 'cover'}
        position={image.position}
        loading="eager"
        fetchPriority="high"
        className="site-hero__image"
      />
      )}
      <div className="site-hero__scrim" style={{ opacity: Math.max(image.overlay ?? 0.45, 0.45) }} aria-hidden="true" />
      <div className="site-hero__inner">
        <CmsText page={page} section="hero" contentKey="title" as="h1" id={titleId} className="site-hero__title" />
        <CmsText page={page} section="hero" contentKey="subtitle" className="site-hero__lede" />
        {children}
      </div>
    </section>
  );
}
