/**
 * A condensed, square-cornered display alphabet drawn as strokes, so posters
 * never depend on the fonts installed on the build machine. Each glyph lives
 * on a 4×10 grid (I is narrower); strokes are polylines ('Z' closes one).
 */
type Glyph = { advance: number; strokes: readonly (readonly [number, number])[][]; closed?: readonly number[] };

const g = (advance: number, strokes: [number, number][][], closed: number[] = []): Glyph => ({ advance, strokes, closed });

const GLYPHS: Record<string, Glyph> = {
  A: g(4, [[[0, 10], [0, 0], [4, 0], [4, 10]], [[0, 5], [4, 5]]]),
  B: g(4, [[[0, 0], [0, 10], [4, 10], [4, 5], [0, 5]], [[0, 0], [3.4, 0], [3.4, 5]]]),
  C: g(4, [[[4, 0], [0, 0], [0, 10], [4, 10]]]),
  D: g(4, [[[0, 0], [0, 10], [3, 10], [4, 9], [4, 1], [3, 0]]], [0]),
  E: g(4, [[[4, 0], [0, 0], [0, 10], [4, 10]], [[0, 5], [3, 5]]]),
  F: g(4, [[[4, 0], [0, 0], [0, 10]], [[0, 5], [3, 5]]]),
  G: g(4, [[[4, 0], [0, 0], [0, 10], [4, 10], [4, 5], [2, 5]]]),
  H: g(4, [[[0, 0], [0, 10]], [[4, 0], [4, 10]], [[0, 5], [4, 5]]]),
  I: g(0, [[[0, 0], [0, 10]]]),
  K: g(4, [[[0, 0], [0, 10]], [[4, 0], [0, 5], [4, 10]]]),
  L: g(4, [[[0, 0], [0, 10], [4, 10]]]),
  M: g(4, [[[0, 10], [0, 0], [2, 4], [4, 0], [4, 10]]]),
  N: g(4, [[[0, 10], [0, 0], [4, 10], [4, 0]]]),
  O: g(4, [[[0, 0], [4, 0], [4, 10], [0, 10]]], [0]),
  P: g(4, [[[0, 10], [0, 0], [4, 0], [4, 5], [0, 5]]]),
  R: g(4, [[[0, 10], [0, 0], [4, 0], [4, 5], [0, 5]], [[2, 5], [4, 10]]]),
  S: g(4, [[[4, 0], [0, 0], [0, 5], [4, 5], [4, 10], [0, 10]]]),
  T: g(4, [[[0, 0], [4, 0]], [[2, 0], [2, 10]]]),
  U: g(4, [[[0, 0], [0, 10], [4, 10], [4, 0]]]),
  W: g(4, [[[0, 0], [0, 10], [2, 6], [4, 10], [4, 0]]]),
  Y: g(4, [[[0, 0], [2, 5], [4, 0]], [[2, 5], [2, 10]]]),
  ' ': g(2, []),
};

export interface WordOptions {
  /** Top-left corner of the first letter, in canvas px. */
  x: number;
  y: number;
  /** Cap height in px. */
  height: number;
  color: string;
  /** Stroke weight relative to cap height (default 0.12). */
  weight?: number;
  /** Gap between letters relative to cap height (default 0.16). */
  tracking?: number;
  /** Horizontal squash/stretch (default 1). */
  widthScale?: number;
}

/** Width in px that `text` takes with the given options. */
export function measureWord(text: string, { height, weight = 0.12, tracking = 0.16, widthScale = 1 }: Omit<WordOptions, 'x' | 'y' | 'color'>): number {
  const unit = height / 10;
  let width = 0;
  const chars = [...text.toUpperCase()];
  chars.forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`imagery: no letterform for "${ch}"`);
    width += glyph.advance * unit * widthScale + height * weight;
    if (i < chars.length - 1) width += height * tracking;
  });
  return width;
}

/** The word as one stroked <path>; letters are inset by half a stroke so they fit the box. */
export function word(text: string, opts: WordOptions): string {
  const { x, y, height, color, weight = 0.12, tracking = 0.16, widthScale = 1 } = opts;
  const unit = height / 10;
  const stroke = height * weight;
  const half = stroke / 2;
  const scaleY = (height - stroke) / 10;
  let cursor = x;
  const parts: string[] = [];
  for (const ch of text.toUpperCase()) {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`imagery: no letterform for "${ch}"`);
    const scaleX = glyph.advance === 0 ? 0 : (glyph.advance * unit * widthScale) / glyph.advance;
    glyph.strokes.forEach((points, index) => {
      const d = points
        .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${(cursor + half + px * scaleX).toFixed(1)} ${(y + half + py * scaleY).toFixed(1)}`)
        .join('');
      parts.push(glyph.closed?.includes(index) ? `${d}Z` : d);
    });
    cursor += glyph.advance * unit * widthScale + stroke + height * tracking;
  }
  return `<path d="${parts.join('')}" fill="none" stroke="${color}" stroke-width="${stroke.toFixed(1)}" stroke-linecap="square" stroke-linejoin="miter" stroke-miterlimit="2.2"/>`;
}
