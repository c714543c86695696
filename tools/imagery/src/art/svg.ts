/**
 * Small SVG drawing kit for the brand artwork: a 1920×1280 canvas, a seeded
 * random source (so every build draws the same picture) and the brand colours.
 */
export const CANVAS = { width: 1920, height: 1280 } as const;

export type Rng = () => number;

/** mulberry32 seeded from a string: deterministic, good enough for art. */
export function seededRng(seed: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);

/** hsl(h s% l%) → #rrggbb (librsvg-independent). */
export function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Section accents, as in GUIDE §5 and libs/ui tokens. */
export const BRAND = {
  black: '#000000',
  white: '#ffffff',
  cream: '#f3ead8',
  paper: '#faf6ee',
  steel: '#5d6670',
  steelDark: '#2e343b',
  charcoal: '#1d1b1a',
  pink: hsl(350, 80, 65),
  lime: hsl(85, 80, 55),
  orange: hsl(22, 100, 55),
  amber: hsl(38, 95, 52),
  red: hsl(0, 100, 35),
  ember: hsl(16, 95, 48),
  purple: hsl(261, 80, 57),
  blue: hsl(194, 100, 50),
  sage: hsl(120, 25, 55),
} as const;

/** Rounds to 1 decimal so output is compact and stable. */
export const n = (v: number) => (Math.round(v * 10) / 10).toString();

export const rect = (x: number, y: number, w: number, h: number, attrs = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" ${attrs}/>`;
export const circle = (cx: number, cy: number, r: number, attrs = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, attrs = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" ${attrs}/>`;
export const poly = (points: readonly (readonly [number, number])[], attrs = '', closed = true) =>
  `<${closed ? 'polygon' : 'polyline'} points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${attrs}/>`;
export const bg = (fill: string) => rect(0, 0, CANVAS.width, CANVAS.height, `fill="${fill}"`);

/** Wraps inner markup into a complete document at the requested pixel width (3:2). */
export function svgDocument(inner: string, width: number = CANVAS.width, defs = ''): string {
  const height = Math.round((width * CANVAS.height) / CANVAS.width);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${CANVAS.width} ${CANVAS.height}" preserveAspectRatio="xMidYMid slice">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    inner +
    `</svg>`
  );
}
