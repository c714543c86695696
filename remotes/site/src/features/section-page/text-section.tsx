import { useId } from 'react';
import type { PageKey } from '@croft/contracts';
import { BACKGROUND_SETS } from '@croft/contracts/imagery';
import { Picture } from '@croft/ui';
import { CmsText } from '../cms-text/cms-text';
import './section-page.css';

/** A section of CMS text (heading and body) beside one of the page's background images. */
export function TextSection({ page, section, imageIndex }: { page: PageKey; section: 'about' | 'details'; imageIndex: number }) {
  const headingId = useId();
  const image = BACKGROUND_SETS[page][imageIndex];
  return (
    <section className={`site-section site-section--${section}`} aria-labelledby={headingId}>
      <div className="site-section__text">
        <CmsText page={page} section={section} contentKey="heading" as="h2" id={headingId} className="site-section__heading" />
        <CmsText page={page} section={section} contentKey="body" className="site-section__body" />
      </div>
      {image && (
        <div className="site-section__art">
          <Picture imageId={image.id} alt={image.alt} sizes="(min-width: 48rem) 40vw, 100vw" fit="cover" position={image.position} />
        </div>
      )}
    </section>
  );
}
