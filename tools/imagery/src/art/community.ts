import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, circle, line, rect } from './svg';

const { width: W, height: H } = CANVAS;

/** Community: joined circles, a noticeboard, a shared table from above. */
export const community: Record<string, ArtGenerator> = {
  'community-1': () => {
    let chain = '';
    const count = 7;
    for (let i = 0; i < count; i++) {
      const x = 180 + i * 260;
      const y = 640 + (i % 2 ? -90 : 90);
      if (i < count - 1) chain += line(x, y, x + 260, 640 + ((i + 1) % 2 ? -90 : 90), `stroke="${BRAND.blue}" stroke-width="22"`);
      chain += circle(x, y, 96, `fill="${BRAND.blue}"`);
      chain += circle(x, y, 44, `fill="${BRAND.paper}"`);
    }
    return { inner: bg('#eef7fb') + chain };
  },
  'community-2': (rng) => {
    let cards = '';
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 6; col++) {
        const w = between(rng, 200, 260);
        const h = between(rng, 160, 220);
        const x = 90 + col * 300 + between(rng, -20, 20);
        const y = 80 + row * 290 + between(rng, -20, 20);
        const a = between(rng, -6, 6).toFixed(1);
        const fill = rng() > 0.45 ? BRAND.white : BRAND.blue;
        cards += `<g transform="rotate(${a} ${(x + w / 2).toFixed(1)} ${(y + h / 2).toFixed(1)})">${rect(x, y, w, h, `fill="${fill}"`)}${circle(x + w / 2, y + 18, 10, `fill="#0b3a4a"`)}${rect(x + 24, y + 60, w * 0.6, 12, `fill="${fill === BRAND.white ? BRAND.blue : BRAND.white}" opacity="0.8"`)}</g>`;
      }
    }
    return { inner: bg('#0d4f66') + cards };
  },
  'community-3': () => {
    let plates = '';
    for (let i = 0; i < 7; i++) {
      const x = 360 + i * 200;
      plates += circle(x, 470, 62, `fill="${BRAND.blue}"`) + circle(x, 470, 34, `fill="${BRAND.cream}"`);
      plates += circle(x, 810, 62, `fill="${BRAND.blue}"`) + circle(x, 810, 34, `fill="${BRAND.cream}"`);
    }
    return { inner: bg('#8a5a34') + rect(240, 380, W - 480, 520, `fill="${BRAND.cream}"`) + rect(240, 630, W - 480, 20, `fill="${BRAND.blue}" opacity="0.5"`) + plates + rect(0, H - 80, W, 80, `fill="#6b4426"`) };
  },
};
