import { useEffect, useRef } from 'react';
import { DRAFT_CONTENT_CHANGED_EVENT, textKeySchema, type TextKey } from '@croft/contracts';
import * as z from 'zod/mini';
import { TEXT_SELECTOR } from './text-targets';
import { parseToFrame, VISUAL_CHANNEL, type FromFrameMessage, type ShowResult } from './visual-frame-messages';

/** Without the Navigation API, how often the page's path is compared with the last one reported. */
export const LOCATION_POLL_MS = 500;

/**
 * How long the page looks for a text it does not show (yet) before it answers 'missing': the page
 * may still be rendering (what is below its first screen comes a task after the rest, CMS text
 * when its answer arrives). Less than the panel's SHOW_ANSWER_MS, so the panel hears the answer.
 */
export const SHOW_WAIT_MS = 3_000;

/** What the bridge needs of the page's window (a stand-in in tests). */
export type FrameWindow = Pick<Window, 'parent' | 'location' | 'document' | 'addEventListener' | 'removeEventListener'>;

/** The element showing a text: the first one on screen, else the first at all (null: not on the page). */
export function findTextElement(key: TextKey, doc: Document = document): HTMLElement | null {
  const matches = [...doc.querySelectorAll<HTMLElement>(TEXT_SELECTOR)].filter(
    ({ dataset }) => dataset.cmsPage === key.page && dataset.cmsSection === key.section && dataset.cmsKey === key.content_key,
  );
  return matches.find((element) => element.getClientRects().length > 0) ?? matches[0] ?? null;
}

/**
 * The page's side of the visual editor, inside its frame: says it is ready (and where it is), tells
 * the panel when the page moves to another path and when drafts change there, and answers
 * 'show-text' with what `show` did (opened, missing, busy). Messages are
 * taken only from the parent window at this origin, and sent only to it. Returns the disconnect.
 */
export function connectVisualFrame(win: FrameWindow, show: (key: TextKey) => ShowResult): () => void {
  const parent = win.parent;
  const origin = win.location.origin;
  const post = (message: FromFrameMessage) => parent.postMessage(message, origin);

  // A question still waiting for its text to appear; a newer question replaces it.
  let waiting: (() => void) | null = null;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== parent) return;
    const message = parseToFrame(event.data);
    if (!message) return;
    waiting?.();
    const answer = (result: ShowResult) => post({ channel: VISUAL_CHANNEL, type: 'show-result', request: message.request, key: message.key, result });
    const result = show(message.key);
    if (result !== 'missing') return answer(result);
    // Not on the page yet: asked again at each change of the page, 'missing' after SHOW_WAIT_MS.
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      waiting = null;
    };
    const observer = new MutationObserver(() => {
      const now = show(message.key);
      if (now === 'missing') return;
      stop();
      answer(now);
    });
    const timer = setTimeout(() => {
      stop();
      answer('missing');
    }, SHOW_WAIT_MS);
    observer.observe(win.document.body ?? win.document.documentElement, { childList: true, subtree: true });
    waiting = stop;
  };

  const onDraftChanged = (event: Event) => {
    const detail = z.safeParse(textKeySchema, (event as CustomEvent<unknown>).detail);
    post({ channel: VISUAL_CHANNEL, type: 'draft-changed', ...(detail.success ? { key: detail.data } : {}) });
  };

  let reported = win.location.pathname;
  const report = () => {
    const now = win.location.pathname;
    if (now === reported) return;
    reported = now;
    post({ channel: VISUAL_CHANNEL, type: 'location', path: now });
  };
  // The router moves with history.pushState, which fires no event of its own: the Navigation API's
  // currententrychange does (Chromium, recent Firefox and Safari); elsewhere a light poll.
  const navigation = (win as { navigation?: EventTarget }).navigation;
  const onEntryChange = () => queueMicrotask(report);
  navigation?.addEventListener('currententrychange', onEntryChange);
  win.addEventListener('popstate', report);
  const poll = navigation ? undefined : setInterval(report, LOCATION_POLL_MS);

  win.addEventListener('message', onMessage);
  win.addEventListener(DRAFT_CONTENT_CHANGED_EVENT, onDraftChanged);
  post({ channel: VISUAL_CHANNEL, type: 'ready', path: reported });

  return () => {
    waiting?.();
    win.removeEventListener('message', onMessage);
    win.removeEventListener(DRAFT_CONTENT_CHANGED_EVENT, onDraftChanged);
    win.removeEventListener('popstate', report);
    navigation?.removeEventListener('currententrychange', onEntryChange);
    if (poll !== undefined) clearInterval(poll);
  };
}

/** The overlay's hook: connected while `framed` (the page is in the visual editor's frame). */
export function useVisualFrameBridge(framed: boolean, show: (key: TextKey) => ShowResult) {
  const latest = useRef(show);
  latest.current = show;
  useEffect(() => {
    if (!framed) return;
    return connectVisualFrame(window, (key) => latest.current(key));
  }, [framed]);
}
