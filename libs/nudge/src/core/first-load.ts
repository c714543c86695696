/**
 * The little of the nudge that a visitor's first load carries (through @croft/nudge/early): the
 * channel's name, the session key of the nudge url, and the message check. Kept apart from the
 * other constants so that the bundler puts only these into the first chunk.
 */
import type { NudgeMessage } from './constants';

/** The broadcast channel the service worker announces nudges on (spec 000 §7). */
export const NUDGE_CHANNEL = 'nudge-notification';

/** Session-scoped key of the nudge url (spec 000 §3). */
export const NUDGE_URL_KEY = 'croft:nudge-url';

/** A nudge message the app acts on: SHOW_NUDGE or SW_NAVIGATE with a url (spec 000 §5). */
export interface AcceptedNudgeMessage {
  type: 'SHOW_NUDGE' | 'SW_NAVIGATE';
  url: string;
}

/** Spec 000 §5: accepted only if its type is SHOW_NUDGE or SW_NAVIGATE and it carries a url. */
export function acceptNudgeMessage(data: unknown): AcceptedNudgeMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, url } = data as Partial<NudgeMessage>;
  if (type !== 'SHOW_NUDGE' && type !== 'SW_NAVIGATE') return null;
  if (typeof url !== 'string' || url.trim() === '') return null;
  return { type, url };
}
