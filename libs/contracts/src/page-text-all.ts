import type { PageKey } from './constants';
import { PUBLIC_PAGE_TEXT_DEFAULTS, type PageTextDefaults } from './page-text';

// Every page's bundled text, the Common Room's included: what the content service seeds. Apart
// from page-text.ts so the site remote's first chunk carries only the public pages' text.

/** The Common Room's text (its remote's pages). */
export const COMMON_ROOM_TEXT_DEFAULTS: PageTextDefaults = {
  hero: {
    title: 'The Common Room',
    subtitle: 'Membership. Not Members. Free to join, and full of things we keep off the menu.',
  },
  about: {
    heading: 'What members get',
    body:
      'Subscribe to the newsletter and you are in: the Common Cook Book, the secret beer word of the day, the cocktail dice, a photo loyalty card and first dibs on Secret Cinema Club tickets. No fees, no cards, just your email.',
  },
  details: {
    heading: 'Signing in',
    body: 'Use the email you subscribed with for a six-digit code\nUnlock with Face ID or a passkey next time\nUnsubscribe from any email, any time',
  },
};

/** Every page's bundled text: what the content service seeds. */
export const PAGE_TEXT_DEFAULTS: Readonly<Record<PageKey, PageTextDefaults>> = {
  ...PUBLIC_PAGE_TEXT_DEFAULTS,
  'common-room': COMMON_ROOM_TEXT_DEFAULTS,
};

/** The bundled text for one key, or undefined when there is none. */
export function defaultPageText(page: PageKey, section: string, contentKey: string): string | undefined {
  return PAGE_TEXT_DEFAULTS[page][section]?.[contentKey];
}

