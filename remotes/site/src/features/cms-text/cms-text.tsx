import type { ElementType } from 'react';
import type { PageKey, Positioning } from '@croft/contracts';
import type { ContentClient } from '@croft/api-client';
import { usePageText } from './api/get-page-text';
import './cms-text.css';

export type CmsTextElement = 'h1' | 'h2' | 'h3' | 'h4' | 'p' | 'span' | 'div';

/** The class names that express a positioning object (spec 000 §3) on the spacing scale. */
export function positioningClasses(positioning: Positioning | undefined): string[] {
  const classes = ['cms-text'];
  if (!positioning) return classes;
  if (positioning.alignment) classes.push(`cms-text--align-${positioning.alignment}`);
  if (positioning.containerPosition && positioning.containerPosition !== 'default') {
    classes.push(`cms-text--${positioning.containerPosition}`);
  }
  if (positioning.marginTop) classes.push(`cms-text--mt-${positioning.marginTop}`);
  if (positioning.marginBottom) classes.push(`cms-text--mb-${positioning.marginBottom}`);
  if (positioning.marginLeft) classes.push(`cms-text--ml-${positioning.marginLeft}`);
  if (positioning.marginRight) classes.push(`cms-text--mr-${positioning.marginRight}`);
  return classes;
}

export interface CmsTextProps {
  page: PageKey;
  section: string;
  contentKey: string;
  /** The element to render (default p). */
  as?: CmsTextElement;
  className?: string;
  id?: string;
  client?: ContentClient;
}

/**
 * A piece of CMS page text: the published row when there is one, else the bundled text.
 * Honours the row's positioning (alignment, container position, margins) and keeps line breaks.
 * Renders nothing when there is no text for the key at all.
 */
export function CmsText({ page, section, contentKey, as = 'p', className, id, client }: CmsTextProps) {
  const { entry } = usePageText(page, client);
  const value = entry(section, contentKey);
  if (!value || value.text === '') return null;
  const Element: ElementType = as;
  const classes = positioningClasses(value.positioning);
  if (className) classes.push(className);
  return (
    <Element id={id} className={classes.join(' ')} data-cms-page={page} data-cms-section={section} data-cms-key={contentKey}>
      {value.text}
    </Element>
  );
}
