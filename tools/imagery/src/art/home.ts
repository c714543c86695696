import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, circle, line, poly, rect } from './svg';
import { measureWord, word } from './letters';

const { width: W, height: H } = CANVAS;

/** Home: the wordmark poster, dusk window stripes, the section colours, the roof trusses. */
export const home: Record<string, ArtGenerator> = {
  'home-1': () => {
    const h = 430;
    const top = 150;
    const left = 140;
    const base = { height: h, weight: 0.14, tracking: 0.14 };
    // Stretch the letters so COMMON spans the poster, margin to margin.
    const fixed = measureWord('COMMON', { ...base, widthScale: 0 });
    const glyphs = measureWord('COMMON', { ...base, widthScale: 1 }) - fixed;
    const widthScale = (W - 2 * left - fixed) / glyphs;
    const opts = { ...base, widthScale, color: BRAND.pink };
    const rightEdge = left + measureWord('COMMON', opts);
    return {
      inner:
        bg(BRAND.black) +
        rect(left, top + h + 40, rightEdge - left, 24, `fill="${BRAND.pink}"`) +
        word('CROFT', { x: left, y: top, ...opts }) +
        word('COMMON', { x: left, y: top + h + 120, ...opts }),
    };
  },
  'home-2': (rng) => {
    const tones = ['#5a2a08', '#8a4310', '#c06a12', BRAND.amber, '#f6c065'];
    let stripes = '';
    for (let x = -200; x < W + 200; ) {
      const w = between(rng, 40, 180);
      const tone = tones[Math.floor(rng() * tones.length)];
      stripes += poly([[x, 0], [x + w, 0], [x + w - 320, H], [x - 320, H]], `fill="${tone}"`);
      x += w;
    }
    return {
      defs: `<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a0d05" stop-opacity="0"/><stop offset="1" stop-color="#1a0d05" stop-opacity="0.75"/></linearGradient>`,
      inner: bg('#2a1406') + stripes + rect(0, 0, W, H, 'fill="url(#dusk)"'),
    };
  },
  'home-3': (rng) => {
    const colours = [BRAND.lime, BRAND.orange, BRAND.red, BRAND.purple, BRAND.blue];
    let shapes = '';
    colours.forEach((c, i) => {
      const x = 120 + i * 330 + between(rng, -40, 40);
      const y = between(rng, 120, 420);
      shapes += rect(x, y, 560, 760, `fill="${c}" opacity="0.82"`);
    });
    return { inner: bg('#111111') + shapes };
  },
  'home-4': () => {
    let truss = '';
    const rows = [180, 560, 940];
    for (const y of rows) {
      truss += line(0, y, W, y, `stroke="#b8c0c8" stroke-width="10"`);
      truss += line(0, y + 240, W, y + 240, `stroke="#b8c0c8" stroke-width="10"`);
      const pts: [number, number][] = [];
      for (let x = 0, up = true; x <= W + 160; x += 160, up = !up) pts.push([x, up ? y : y + 240]);
      truss += poly(pts, `fill="none" stroke="#8d969f" stroke-width="6"`, false);
    }
    let bolts = '';
    for (const y of rows) for (let x = 0; x <= W; x += 320) bolts += circle(x, y, 12, `fill="#d6dbe0"`);
    return { inner: bg(BRAND.steelDark) + truss + bolts };
  },
};
