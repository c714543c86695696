import type { PageKey } from '@croft/contracts';

export type SectionPageKey = Exclude<PageKey, 'home' | 'common-room'>;

/** The <main> classes of a section page (the prerendered first paint uses the same). */
export const SECTION_PAGE_CLASS = (page: SectionPageKey) => `cc-page cc-section-${page} site-page`;
