import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, rect } from './svg';
import { measureWord, word } from './letters';

const { width: W, height: H } = CANVAS;

/** The strobe texture (hard black/white bars with a pink fringe) and the 'CROFT COMMON' logo. */
export const brand: Record<string, ArtGenerator> = {
  strobe: (rng) => {
    let bars = '';
    for (let y = 0; y < H; ) {
      const h = between(rng, 8, 90);
      if (rng() > 0.45) bars += rect(0, y, W, h, `fill="${BRAND.white}" opacity="${between(rng, 0.55, 1).toFixed(2)}"`);
      else if (rng() > 0.8) bars += rect(0, y, W, h, `fill="${BRAND.pink}" opacity="0.8"`);
      y += h;
    }
    return { inner: bg(BRAND.black) + `<g transform="skewY(-4)">${bars}</g>` };
  },
  logo: () => {
    const height = 180;
    const opts = { height, weight: 0.13, tracking: 0.2, widthScale: 1.1 };
    const width = measureWord('CROFT COMMON', opts);
    const x = (W - width) / 2;
    const y = (H - height) / 2;
    return {
      inner:
        bg(BRAND.black) +
        word('CROFT COMMON', { x, y, color: BRAND.white, ...opts }) +
        rect(x, y + height + 60, width, 20, `fill="${BRAND.pink}"`),
    };
  },
};
