import {
  GLOBAL_CMS_PAGE,
  GLOBAL_TEXT_DEFAULTS,
  PAGE_TEXT_DEFAULTS,
  type Actor,
  type CmsTextData,
  type EditablePage,
  type EditorTextEntry,
  type PageKey,
  type TextKey,
} from '@croft/contracts';

/** Each editable page's name as editors know it. */
export const PAGE_LABELS: Record<EditablePage, string> = {
  home: 'Home',
  cafe: 'Cafe',
  cocktails: 'Cocktails',
  beer: 'Beer',
  kitchens: 'Kitchens',
  hall: 'Hall',
  community: 'Community',
  'common-room': 'The Common Room',
  global: 'Every page (site-wide text)',
};

const words = (name: string) => name.replace(/[_-]+/g, ' ');

/** 'Cafe · hero · title' (a global text: 'Every page (site-wide text) · brand name'). */
export function textLabel(key: TextKey): string {
  const page = PAGE_LABELS[key.page] ?? key.page;
  return key.page === GLOBAL_CMS_PAGE ? `${page} · ${words(key.content_key)}` : `${page} · ${words(key.section)} · ${words(key.content_key)}`;
}

export { historyPath, reviewPath, sitePath } from './paths';

/** Who did something, by email ('the site's bundled text' for the seed). */
export function actorName(actor: Actor | null | undefined): string {
  if (!actor) return 'the site’s bundled text';
  return actor.email ?? 'an editor';
}

/** The text bundled with the site, the stand-in when nothing was ever published. */
export function bundledText(key: TextKey): string | undefined {
  if (key.page === GLOBAL_CMS_PAGE) return GLOBAL_TEXT_DEFAULTS[key.content_key];
  return PAGE_TEXT_DEFAULTS[key.page as PageKey]?.[key.section]?.[key.content_key];
}

/** What is live for an entry: the live version's content, else the bundled text (null: none at all). */
export function liveData(entry: EditorTextEntry): CmsTextData | null {
  if (entry.live) return entry.live.content_data;
  const text = bundledText(entry);
  return text === undefined ? null : { text };
}

export const sameText = (a: TextKey, b: TextKey) => a.page === b.page && a.section === b.section && a.content_key === b.content_key;
export const textId = (k: TextKey) => `${k.page}/${k.section}/${k.content_key}`;
