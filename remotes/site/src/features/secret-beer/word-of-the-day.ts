/**
 * The secret beer word (spec 001 §4): changes every UTC day. The list is the active secret
 * words in creation order when the venue has set some; otherwise this built-in list of beer-
 * and Bristol-themed words; 'cheers' if all else fails.
 */
export const FALLBACK_WORDS = [
  'hoppy', 'gromit', 'cask', 'harbourside', 'gert', 'stillage', 'tidy', 'sparkler', 'bristle', 'mashtun',
  'lush', 'cabot', 'wort', 'cider', 'balloon', 'brunel', 'saison', 'dray', 'gravity', 'ferry',
  'session', 'tankard', 'banksy', 'lager', 'yeast', 'stokes', 'porter', 'clifton', 'malt', 'drangway',
] as const;

export const LAST_RESORT_WORD = 'cheers';

/** Days since 1 January of that year, in UTC (1 January is 0). */
export function utcDayOfYear(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Math.round((today - start) / 86_400_000);
}

export function wordOfTheDay(date: Date, activeWords: readonly string[] = []): string {
  const words = activeWords.map((w) => w.trim()).filter(Boolean);
  const list = words.length > 0 ? words : FALLBACK_WORDS;
  if (list.length === 0 || Number.isNaN(date.getTime())) return LAST_RESORT_WORD;
  return list[utcDayOfYear(date) % list.length] ?? LAST_RESORT_WORD;
}
