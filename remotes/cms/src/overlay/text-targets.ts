import { useEffect } from 'react';
import { EDITABLE_PAGES, type EditablePage, type TextKey } from '@croft/contracts';

/** Every editable text carries these (CmsText, the shell's brand name): data-cms-page, -section, -key. */
export const TEXT_SELECTOR = '[data-cms-page][data-cms-section][data-cms-key]';
/** Marks the texts this overlay made focusable (so it can undo exactly that). */
const MADE_FOCUSABLE = 'data-cms-focusable';

export interface TextTarget {
  key: TextKey;
  element: HTMLElement;
}

export const textId = (key: TextKey) => `${key.page}/${key.section}/${key.content_key}`;

/** The editable text an event landed in, if any. */
export function textTargetOf(node: EventTarget | null): TextTarget | null {
  const element = node instanceof Element ? node.closest<HTMLElement>(TEXT_SELECTOR) : null;
  if (!element) return null;
  const { cmsPage: page, cmsSection: section, cmsKey: content_key } = element.dataset;
  if (!page || !section || !content_key || !(EDITABLE_PAGES as readonly string[]).includes(page)) return null;
  return { key: { page: page as EditablePage, section, content_key }, element };
}

function makeFocusable() {
  for (const element of document.querySelectorAll<HTMLElement>(TEXT_SELECTOR)) {
    if (element.hasAttribute('tabindex') || element.tabIndex >= 0) continue;
    element.tabIndex = 0;
    element.setAttribute(MADE_FOCUSABLE, '');
  }
}

function undoFocusable() {
  for (const element of document.querySelectorAll<HTMLElement>(`[${MADE_FOCUSABLE}]`)) {
    element.removeAttribute('tabindex');
    element.removeAttribute(MADE_FOCUSABLE);
  }
}

/**
 * While editing is active, a click on an editable text (caught in the capture phase, before the
 * page's own handlers: a text inside a link does not navigate) opens it, and every text is in the
 * tab order and opens with Enter or Space. Texts rendered later (another page) join in.
 */
export function useTextTargets(active: boolean, open: (target: TextTarget) => void) {
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const target = textTargetOf(event.target);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      open(target);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (!(event.target instanceof Element) || !event.target.matches(TEXT_SELECTOR)) return;
      const target = textTargetOf(event.target);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      open(target);
    };
    makeFocusable();
    const observer = new MutationObserver(makeFocusable);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
      undoFocusable();
    };
  }, [active, open]);
}
