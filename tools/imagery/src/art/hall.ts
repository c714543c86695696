import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, poly, rect } from './svg';

const { width: W, height: H } = CANVAS;

/** Hall: stage lights, long tables, a cinema screen. */
export const hall: Record<string, ArtGenerator> = {
  'hall-1': (rng) => {
    let beams = '';
    const sources = [360, 960, 1560];
    sources.forEach((sx) => {
      for (let i = -2; i <= 2; i++) {
        const spread = i * 240 + between(rng, -60, 60);
        beams += poly([[sx - 10, 0], [sx + 10, 0], [sx + spread + 140, H], [sx + spread - 140, H]], 'fill="url(#beam)"');
      }
    });
    return {
      defs: `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRAND.purple}" stop-opacity="0.9"/><stop offset="1" stop-color="${BRAND.purple}" stop-opacity="0"/></linearGradient>`,
      inner: bg('#0a0612') + beams + sources.map((x) => rect(x - 50, 0, 100, 40, `fill="#d8c8ff"`)).join(''),
    };
  },
  'hall-2': () => {
    let tables = '';
    for (let row = 0; row < 6; row++) {
      const y = 180 + row * 180;
      tables += rect(160, y, W - 320, 56, `fill="none" stroke="${BRAND.purple}" stroke-width="8"`);
      for (let x = 220; x < W - 200; x += 110) {
        tables += rect(x, y - 40, 50, 26, `fill="${BRAND.purple}" opacity="0.6"`);
        tables += rect(x, y + 70, 50, 26, `fill="${BRAND.purple}" opacity="0.6"`);
      }
    }
    return { inner: bg('#2a2433') + tables };
  },
  'hall-3': () => ({
    defs: `<filter id="bloom" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="60"/></filter>`,
    inner:
      bg('#07050c') +
      rect(420, 140, 1080, 560, `fill="${BRAND.purple}" filter="url(#bloom)"`) +
      rect(460, 170, 1000, 500, `fill="#c9b3ff"`) +
      poly([[460, 670], [1460, 670], [1920, 1280], [0, 1280]], `fill="${BRAND.purple}" opacity="0.25"`) +
      Array.from({ length: 5 }, (_, r) => rect(120 + r * 20, 880 + r * 80, W - 240 - r * 40, 30, `fill="#1a1326"`)).join(''),
  }),
};
