import * as z from 'zod/mini';
import { textKeySchema, type TextKey } from '@croft/contracts';

// The visual editor (/cms/visual/:page/*) shows the real page in a same-origin <iframe> beside a
// panel of its texts. The two windows talk only through postMessage, in these shapes, and each
// side takes a message only from the other one (the exact window, and this site's origin).

/**
 * The visual editor's <iframe name>. A frame's name stays with it as it navigates, so the overlay
 * inside knows it is the visual editor's page on every page the editor visits there, while the
 * tab around it (same origin, same sessionStorage) keeps its own edit mode untouched.
 */
export const VISUAL_FRAME_NAME = 'croft-cms-visual';

/** Every message carries this, so stray messages from other code on the page are ignored. */
export const VISUAL_CHANNEL = 'croft-cms-visual';

const channel = z.literal(VISUAL_CHANNEL);

/** How the page answered 'show-text'. */
export const SHOW_RESULTS = ['opened', 'missing', 'busy'] as const;
export type ShowResult = (typeof SHOW_RESULTS)[number];
const path = z.string().check(z.maxLength(2048), z.regex(/^\//));

/** Panel → page: scroll this text into view and open its editor popup. */
const showTextSchema = z.object({ channel, type: z.literal('show-text'), request: z.int(), key: textKeySchema });
export type ToFrameMessage = z.infer<typeof showTextSchema>;

const fromFrameSchema = z.union([
  /** The overlay in the page is listening (after every load of the page). */
  z.object({ channel, type: z.literal('ready'), path }),
  /** The page moved to another path (a link, Back) without reloading. */
  z.object({ channel, type: z.literal('location'), path }),
  /** A draft was saved, published, discarded or restored in the page (draft-content-changed). */
  z.object({ channel, type: z.literal('draft-changed'), key: z.optional(textKeySchema) }),
  /** The answer to show-text: its popup opened, the text is not on the page, or another text's popup is open (never replaced: it may hold an unsaved edit). */
  z.object({ channel, type: z.literal('show-result'), request: z.int(), key: textKeySchema, result: z.enum(SHOW_RESULTS) }),
]);
export type FromFrameMessage = z.infer<typeof fromFrameSchema>;

/** A message for the page, or null for anything else. */
export function parseToFrame(data: unknown): ToFrameMessage | null {
  const parsed = z.safeParse(showTextSchema, data);
  return parsed.success ? parsed.data : null;
}

/** A message from the page, or null for anything else. */
export function parseFromFrame(data: unknown): FromFrameMessage | null {
  const parsed = z.safeParse(fromFrameSchema, data);
  return parsed.success ? parsed.data : null;
}

export const showTextMessage = (request: number, key: TextKey): ToFrameMessage => ({
  channel: VISUAL_CHANNEL,
  type: 'show-text',
  request,
  key: { page: key.page, section: key.section, content_key: key.content_key },
});

/** Where a window's parent is, when it is a page of this site (false at the top or under another site). */
function hasSameOriginParent(win: Window): boolean {
  if (win.parent === win) return false;
  try {
    return win.parent.location.origin === win.location.origin;
  } catch {
    return false; // another origin: reading its location throws
  }
}

/** True inside the visual editor's frame (named so, under a page of this site). */
export function isVisualFrame(win: Window = window): boolean {
  return win.name === VISUAL_FRAME_NAME && hasSameOriginParent(win);
}
