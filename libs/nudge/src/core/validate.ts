export { acceptNudgeMessage } from './first-load';
export type { AcceptedNudgeMessage } from './first-load';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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
