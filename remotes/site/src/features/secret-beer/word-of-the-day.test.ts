import { describe, expect, it } from 'vitest';
import { FALLBACK_WORDS, LAST_RESORT_WORD, utcDayOfYear, wordOfTheDay } from './word-of-the-day';

describe('word of the day', () => {
  it('counts days in UTC, whatever the local clock says', () => {
    expect(utcDayOfYear(new Date('2026-01-01T00:00:00Z'))).toBe(0);
    expect(utcDayOfYear(new Date('2026-01-01T23:59:59Z'))).toBe(0);
    expect(utcDayOfYear(new Date('2026-12-31T12:00:00Z'))).toBe(364);
    expect(utcDayOfYear(new Date('2028-12-31T12:00:00Z'))).toBe(365);
  });

  it('indexes the active words by day, so the word changes at midnight UTC', () => {
    const words = ['amber', 'bitter', 'cask'];
    expect(wordOfTheDay(new Date('2026-01-01T10:00:00Z'), words)).toBe('amber');
    expect(wordOfTheDay(new Date('2026-01-02T10:00:00Z'), words)).toBe('bitter');
    expect(wordOfTheDay(new Date('2026-01-03T23:59:59Z'), words)).toBe('cask');
    expect(wordOfTheDay(new Date('2026-01-04T00:00:00Z'), words)).toBe('amber');
  });

  it('falls back to the built-in list, and to cheers when the date is unusable', () => {
    expect(wordOfTheDay(new Date('2026-01-01T00:00:00Z'))).toBe(FALLBACK_WORDS[0]);
    expect(wordOfTheDay(new Date('2026-01-01T00:00:00Z'), ['  ', ''])).toBe(FALLBACK_WORDS[0]);
    expect(wordOfTheDay(new Date('not a date'))).toBe(LAST_RESORT_WORD);
  });

  it('walks the API list (oldest first) through the year and wraps at its end', () => {
    const seeded = ['cheers', 'harbourside', 'gromit', 'stillage', 'cask', 'brunel', 'sparkler', 'gert lush', 'mash tun', 'clifton', 'dray', 'balloon fiesta'];
    // 1 February is day 31: 31 % 12 = 7.
    expect(wordOfTheDay(new Date('2026-02-01T12:00:00Z'), seeded)).toBe('gert lush');
    // 31 December of a leap year is day 365: 365 % 12 = 5; the next day starts again at 0.
    expect(wordOfTheDay(new Date('2028-12-31T23:59:59Z'), seeded)).toBe('brunel');
    expect(wordOfTheDay(new Date('2029-01-01T00:00:00Z'), seeded)).toBe('cheers');
    // Blank entries are ignored, surrounding spaces trimmed.
    expect(wordOfTheDay(new Date('2026-01-02T00:00:00Z'), [' amber ', '', 'bitter'])).toBe('bitter');
  });

  it('says cheers when the date is unusable, even with words', () => {
    expect(wordOfTheDay(new Date(Number.NaN), ['amber'])).toBe(LAST_RESORT_WORD);
    expect(LAST_RESORT_WORD).toBe('cheers');
  });
});
