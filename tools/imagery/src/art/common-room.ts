import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, circle, poly, rect } from './svg';

const { width: W, height: H } = CANVAS;

/** The Common Room: an armchair, a bookshelf, a keyhole. */
export const commonRoom: Record<string, ArtGenerator> = {
  'common-room-1': () => ({
    inner:
      bg(BRAND.black) +
      `<path d="M620 1000L620 640L700 640L700 360L1220 360L1220 640L1300 640L1300 1000ZM700 640L700 780L1220 780L1220 640M660 1000L660 1080M1260 1000L1260 1080" fill="none" stroke="${BRAND.sage}" stroke-width="18" stroke-linejoin="miter" stroke-linecap="square"/>` +
      rect(0, 1080, W, 10, `fill="${BRAND.sage}" opacity="0.6"`),
  }),
  'common-room-2': (rng) => {
    let shelves = '';
    for (let row = 0; row < 4; row++) {
      const base = 300 + row * 300;
      shelves += rect(0, base, W, 26, `fill="#3c4a3c"`);
      for (let x = 40; x < W - 60; ) {
        const w = between(rng, 38, 84);
        const h = between(rng, 170, 250);
        const fill = rng() > 0.5 ? BRAND.sage : rng() > 0.5 ? BRAND.cream : '#4f6b4f';
        shelves += rect(x, base - h, w, h, `fill="${fill}"`);
        x += w + between(rng, 4, 14);
      }
    }
    return { inner: bg('#1f261f') + shelves };
  },
  'common-room-3': () => ({
    defs: `<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6b747c"/><stop offset="1" stop-color="#353b41"/></linearGradient>`,
    inner:
      rect(0, 0, W, H, 'fill="url(#steel)"') +
      circle(960, 520, 220, `fill="${BRAND.sage}"`) +
      poly([[860, 600], [1060, 600], [1140, 1060], [780, 1060]], `fill="${BRAND.sage}"`) +
      circle(960, 520, 90, `fill="#1f241f"`) +
      poly([[925, 560], [995, 560], [1030, 900], [890, 900]], `fill="#1f241f"`) +
      Array.from({ length: 12 }, (_, i) => circle(90 + i * 158, 90, 14, `fill="#9aa3ab"`) + circle(90 + i * 158, H - 90, 14, `fill="#9aa3ab"`)).join(''),
  }),
};
