import type { PageKey } from '@croft/contracts';
import { FaqSection } from '../faq/faq-section';
import { TextSection } from './text-section';

/**
 * What a public page shows below its hero: the venue's two sections of CMS text for the page and
 * its FAQ. Home and every section page render it one task after the hero (useBelowTheFold).
 */
export function PageBody({ page }: { page: PageKey }) {
  return (
    <div className="site-page__body">
      <TextSection page={page} section="about" imageIndex={1} />
      <TextSection page={page} section="details" imageIndex={2} />
      <FaqSection page={page} />
    </div>
  );
}
