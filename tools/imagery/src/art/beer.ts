import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, circle, poly, rect } from './svg';

const { width: W, height: H } = CANVAS;

/** Beer: tap handles on steel, rising bubbles, a pint in line work. */
export const beer: Record<string, ArtGenerator> = {
  'beer-1': () => {
    let taps = '';
    for (let i = 0; i < 8; i++) {
      const x = 180 + i * 220;
      taps += rect(x - 34, 240 + (i % 3) * 30, 68, 420, `fill="${BRAND.orange}"`);
      taps += rect(x - 44, 640, 88, 40, `fill="#1f2327"`);
      taps += rect(x - 12, 680, 24, 140, `fill="#c9ced3"`);
      taps += rect(x - 26, 820, 52, 30, `fill="#c9ced3"`);
    }
    return {
      defs: `<linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3c444c"/><stop offset="1" stop-color="#80898f"/></linearGradient>`,
      inner: rect(0, 0, W, H, 'fill="url(#steel)"') + rect(0, 600, W, 60, `fill="#aab1b7"`) + taps + rect(0, 1040, W, 240, `fill="#2a2f34"`),
    };
  },
  'beer-2': (rng) => {
    let bubbles = '';
    for (let i = 0; i < 90; i++) {
      const r = between(rng, 6, 38) * (0.4 + rng());
      bubbles += circle(between(rng, 0, W), between(rng, 0, H), r, `fill="none" stroke="#ffe3a3" stroke-width="${Math.max(3, r / 6).toFixed(1)}" opacity="${between(rng, 0.35, 0.9).toFixed(2)}"`);
    }
    return {
      defs: `<linearGradient id="amber" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4a11c"/><stop offset="1" stop-color="#7a3a06"/></linearGradient>`,
      inner: rect(0, 0, W, H, 'fill="url(#amber)"') + rect(0, 0, W, 120, 'fill="#fff1cf" opacity="0.85"') + bubbles,
    };
  },
  'beer-3': () => ({
    inner:
      bg(BRAND.black) +
      poly([[760, 240], [1160, 240], [1120, 1100], [800, 1100]], `fill="none" stroke="${BRAND.orange}" stroke-width="14"`) +
      poly([[770, 330], [1150, 330]], `fill="none" stroke="${BRAND.orange}" stroke-width="10"`, false) +
      poly([[790, 1040], [1130, 1040]], `fill="none" stroke="${BRAND.orange}" stroke-width="6"`, false) +
      rect(0, 1100, W, 8, `fill="${BRAND.orange}" opacity="0.7"`),
  }),
};
