const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** 12,345. */
export const count = (n: number) => whole.format(n);
/** 0.384 → '38.4%'. */
export const percent = (share: number) => `${oneDecimal.format(share * 100)}%`;
/** 74 → '1m 14s'; 9 → '9s'. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${pad(s % 60)}s` : `${s}s`;
}
const pad = (n: number) => String(n).padStart(2, '0');

/** A change against the previous period: what to show and what a screen reader says. */
export interface Change {
  /** '+12%', '−3.1 pts', '0%', '—'. */
  short: string;
  /** 'up 12% on the previous period', 'no visits in the previous period to compare with'. */
  words: string;
  direction: 'up' | 'down' | 'same' | 'none';
}

/**
 * The change of a figure against the previous period: relative (%) for counts and times, in
 * percentage points for a rate. No previous figure: nothing to compare with.
 */
export function change(current: number, previous: number, kind: 'relative' | 'points' = 'relative'): Change {
  if (kind === 'points') {
    const pts = (current - previous) * 100;
    const rounded = Math.round(pts * 10) / 10;
    if (rounded === 0) return { short: '0 pts', words: 'the same as the previous period', direction: 'same' };
    const direction = rounded > 0 ? 'up' : 'down';
    const size = oneDecimal.format(Math.abs(rounded));
    return { short: `${rounded > 0 ? '+' : '−'}${size} pts`, words: `${direction} ${size} percentage points on the previous period`, direction };
  }
  if (previous === 0) return current === 0 ? { short: '0%', words: 'the same as the previous period', direction: 'same' } : { short: 'new', words: 'none in the previous period to compare with', direction: 'none' };
  const pct = ((current - previous) / previous) * 100;
  const rounded = Math.abs(pct) < 10 ? Math.round(pct * 10) / 10 : Math.round(pct);
  if (rounded === 0) return { short: '0%', words: 'the same as the previous period', direction: 'same' };
  const direction = rounded > 0 ? 'up' : 'down';
  const size = oneDecimal.format(Math.abs(rounded));
  return { short: `${rounded > 0 ? '+' : '−'}${size}%`, words: `${direction} ${size}% on the previous period`, direction };
}
