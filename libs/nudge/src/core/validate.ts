import type { NudgeMessage } from './constants';

/** A nudge message the app acts on: SHOW_NUDGE or SW_NAVIGATE with a url (spec 000 §5). */
export interface AcceptedNudgeMessage {
  type: 'SHOW_NUDGE' | 'SW_NAVIGATE';
  url: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Spec 000 §5: accepted only if its type is SHOW_NUDGE or SW_NAVIGATE and it carries a url. */
export function acceptNudgeMessage(data: unknown): AcceptedNudgeMessage | null {
  if (!isRecord(data)) return null;
  const { type, url } = data as Partial<NudgeMessage>;
  if (type !== 'SHOW_NUDGE' && type !== 'SW_NAVIGATE') return null;
  if (typeof url !== 'string' || url.trim() === '') return null;
  return { type, url };
}

/** Spec 000 §3, §5: a stored nudge is an object with a url that is not the text 'undefined'. */
export function acceptStoredNudge(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const { url } = value;
  if (typeof url !== 'string' || url.trim() === '' || url === 'undefined') return null;
  return url;
}

/** Spec 000 §5: a url starting with 'http' opens in a new tab; anything else is an internal route. */
export function isExternalUrl(url: string): boolean {
  return url.startsWith('http');
}
