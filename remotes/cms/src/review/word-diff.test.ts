import { describe, expect, it } from 'vitest';
import { diffWords, hasChanges } from './word-diff';
import { positioningChanges } from './positioning-words';
import { londonInputToUtc, toLondonInput } from './london-time';

describe('diffWords', () => {
  it('marks a replaced word as removed then added, keeping the rest', () => {
    expect(diffWords('The Cafe at Croft', 'The Croft Cafe')).toEqual([
      { type: 'same', text: 'The ' },
      { type: 'removed', text: 'Cafe at ' },
      { type: 'same', text: 'Croft' },
      { type: 'added', text: ' Cafe' },
    ]);
  });

  it('an unchanged text is one same run; an empty side is all added or removed', () => {
    expect(diffWords('Same words', 'Same words')).toEqual([{ type: 'same', text: 'Same words' }]);
    expect(hasChanges(diffWords('Same words', 'Same words'))).toBe(false);
    expect(diffWords('', 'New text')).toEqual([{ type: 'added', text: 'New text' }]);
    expect(diffWords('Old text', '')).toEqual([{ type: 'removed', text: 'Old text' }]);
  });

  it('keeps line breaks and puts the old and new texts back together', () => {
    const before = 'Monday to Friday: 8am–5pm\nSaturday: 9am–5pm';
    const after = 'Monday to Friday: 7am–5pm\nSaturday and Sunday: 9am–5pm';
    const parts = diffWords(before, after);
    expect(parts.filter((p) => p.type !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(parts.filter((p) => p.type !== 'removed').map((p) => p.text).join('')).toBe(after);
    expect(parts.filter((p) => p.type === 'removed').map((p) => p.text.trim())).toEqual(['8am–5pm', 'Saturday:']);
    expect(parts.filter((p) => p.type === 'added').map((p) => p.text.trim())).toEqual(['7am–5pm', 'Saturday and Sunday:']);
  });
});

describe('positioningChanges', () => {
  it('names each changed field and value in the popup words; unset is Default', () => {
    expect(
      positioningChanges({ text: 'x', positioning: { alignment: 'left', marginTop: '0' } }, { text: 'x', positioning: { alignment: 'center', marginTop: '8', marginBottom: '2' } }),
    ).toEqual([
      { label: 'Text Alignment', from: 'Left', to: 'Center' },
      { label: 'Top Margin', from: 'None', to: 'X-Large' },
      { label: 'Bottom Margin', from: 'Default', to: 'Medium' },
    ]);
    expect(positioningChanges({ text: 'x', positioning: { containerPosition: 'default' } }, { text: 'y' })).toEqual([]);
    expect(positioningChanges(null, { text: 'y', positioning: { containerPosition: 'page-right' } })).toEqual([
      { label: 'Page Position', from: 'Default', to: 'Page right' },
    ]);
  });
});

describe('London time for schedules', () => {
  it('reads winter times as GMT and summer times as BST', () => {
    expect(londonInputToUtc('2026-01-15T09:30')).toEqual({ ok: true, iso: '2026-01-15T09:30:00.000Z' });
    expect(londonInputToUtc('2026-07-01T09:30')).toEqual({ ok: true, iso: '2026-07-01T08:30:00.000Z' });
    expect(toLondonInput(new Date('2026-07-01T08:30:00.000Z'))).toBe('2026-07-01T09:30');
    expect(toLondonInput(new Date('2026-01-15T09:30:00.000Z'))).toBe('2026-01-15T09:30');
  });

  it('across the changes: a skipped time is refused, a doubled time is the first (summer) one', () => {
    expect(londonInputToUtc('2026-03-29T00:59')).toEqual({ ok: true, iso: '2026-03-29T00:59:00.000Z' });
    expect(londonInputToUtc('2026-03-29T01:30')).toEqual({ ok: false, reason: 'skipped' });
    expect(londonInputToUtc('2026-03-29T02:00')).toEqual({ ok: true, iso: '2026-03-29T01:00:00.000Z' });
    expect(londonInputToUtc('2026-10-25T01:30')).toEqual({ ok: true, iso: '2026-10-25T00:30:00.000Z' });
    expect(londonInputToUtc('2026-10-25T02:30')).toEqual({ ok: true, iso: '2026-10-25T02:30:00.000Z' });
  });

  it('refuses empty and impossible values', () => {
    expect(londonInputToUtc('')).toEqual({ ok: false, reason: 'empty' });
    expect(londonInputToUtc('tomorrow')).toEqual({ ok: false, reason: 'invalid' });
    expect(londonInputToUtc('2026-02-30T10:00')).toEqual({ ok: false, reason: 'invalid' });
  });
});
