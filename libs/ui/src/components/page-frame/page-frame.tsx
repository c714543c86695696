import { useId } from 'react';
import type { ReactNode } from 'react';
import type { PageKey } from '@croft/contracts';
import { cx } from '../../utils/cx';
import './page-frame.css';

export type PageFrameProps = {
  /** Which section's accent the header band wears (default home). */
  section?: PageKey;
  /** The page's h1. */
  title: ReactNode;
  /** Small line above the title. */
  eyebrow?: ReactNode;
  /** Paragraph under the title. */
  intro?: ReactNode;
  /** Buttons or links in the band. */
  actions?: ReactNode;
  children?: ReactNode;
  /** id of the <main> (the SkipLink target). */
  mainId?: string;
  className?: string;
};

/**
 * Page layout: a <main> landmark named by its h1, opened by a full-bleed band
 * in the section's accent with AA-contrast text, then the page content.
 */
export function PageFrame({
  section = 'home',
  title,
  eyebrow,
  intro,
  actions,
  children,
  mainId = 'main',
  className,
}: PageFrameProps) {
  const titleId = useId();
  return (
    <main
      id={mainId}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cx('cc-page', `cc-section-${section}`, className)}
      data-section={section}
    >
      <div className="cc-page__band">
        <div className="cc-page__band-inner">
          {eyebrow && <p className="cc-page__eyebrow">{eyebrow}</p>}
          <h1 id={titleId} className="cc-page__title">
            {title}
          </h1>
          {intro && <p className="cc-page__intro">{intro}</p>}
          {actions && <div className="cc-page__actions">{actions}</div>}
        </div>
      </div>
      {children !== undefined && children !== null && <div className="cc-page__body">{children}</div>}
    </main>
  );
}
