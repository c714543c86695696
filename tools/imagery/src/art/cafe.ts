import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, circle, poly, rect } from './svg';

const { width: W, height: H } = CANVAS;

/** A croissant: a crescent of five tapering segments. */
function croissant(cx: number, cy: number, size: number, rotate: number, fill: string): string {
  const segs = [0.55, 0.8, 1, 0.8, 0.55];
  let s = '';
  segs.forEach((k, i) => {
    const angle = (-60 + i * 30) * (Math.PI / 180);
    const x = cx + Math.sin(angle) * size;
    const y = cy - Math.cos(angle) * size * 0.45;
    const w = size * 0.42 * k;
    const h = size * 0.62 * k;
    s += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(w / 2).toFixed(1)}" ry="${(h / 2).toFixed(1)}" fill="${fill}" stroke="#d9b98a" stroke-width="${(size * 0.03).toFixed(1)}" transform="rotate(${(angle * 180) / Math.PI} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
  });
  return `<g transform="rotate(${rotate} ${cx} ${cy})">${s}</g>`;
}

/** Cafe: coffee rings, croissant wallpaper, morning light on a table. */
export const cafe: Record<string, ArtGenerator> = {
  'cafe-1': (rng) => {
    let rings = '';
    for (let i = 0; i < 9; i++) {
      const r = between(rng, 120, 260);
      const x = between(rng, 0, W);
      const y = between(rng, 0, H);
      const w = between(rng, 14, 34);
      rings += circle(x, y, r, `fill="none" stroke="${BRAND.pink}" stroke-width="${w.toFixed(1)}" opacity="${between(rng, 0.55, 0.95).toFixed(2)}"`);
      rings += circle(x + between(rng, -8, 8), y + between(rng, -8, 8), r - w * 1.4, `fill="none" stroke="${BRAND.pink}" stroke-width="4" opacity="0.5"`);
    }
    return { inner: bg(BRAND.cream) + rings };
  },
  'cafe-2': () => {
    let tiles = '';
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 7; col++) {
        const x = col * 300 + (row % 2 ? 150 : 0) + 60;
        const y = row * 280 + 120;
        tiles += croissant(x, y, 110, row % 2 ? 12 : -12, '#f2cf9a');
      }
    }
    return { inner: bg(BRAND.paper) + tiles };
  },
  'cafe-3': (rng) => {
    let light = '';
    for (let i = 0; i < 6; i++) {
      const x = 200 + i * 300 + between(rng, -40, 40);
      const w = between(rng, 60, 160);
      light += poly([[x, 0], [x + w, 0], [x + w + 520, H], [x + 520, H]], `fill="#fff4dc" opacity="${between(rng, 0.18, 0.35).toFixed(2)}"`);
    }
    return {
      inner:
        bg('#3b2418') +
        rect(0, 560, W, 720, `fill="#6e3f28"`) +
        rect(0, 560, W, 18, `fill="${BRAND.pink}"`) +
        circle(1380, 860, 150, `fill="${BRAND.cream}"`) +
        circle(1380, 860, 70, `fill="#5a3424"`) +
        circle(520, 940, 110, `fill="${BRAND.pink}"`) +
        light,
    };
  },
};
