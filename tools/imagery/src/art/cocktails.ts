import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, poly, rect } from './svg';

const { width: W, height: H } = CANVAS;

/** A coupe glass outline with its foot at (cx, baseY). */
function coupe(cx: number, baseY: number, size: number, stroke: string, width: number): string {
  const bowlW = size;
  const bowlTop = baseY - size * 1.6;
  const bowlBottom = bowlTop + size * 0.45;
  const d =
    `M${cx - bowlW} ${bowlTop}L${cx + bowlW} ${bowlTop}` +
    `Q${cx + bowlW * 0.9} ${bowlBottom} ${cx} ${bowlBottom}` +
    `Q${cx - bowlW * 0.9} ${bowlBottom} ${cx - bowlW} ${bowlTop}Z` +
    `M${cx} ${bowlBottom}L${cx} ${baseY}M${cx - size * 0.5} ${baseY}L${cx + size * 0.5} ${baseY}`;
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="miter" stroke-linecap="square"/>`;
}

/** Cocktails: coupe outlines, shaker chevrons, glowing ice. */
export const cocktails: Record<string, ArtGenerator> = {
  'cocktails-1': () =>
    ({
      inner:
        bg(BRAND.black) +
        coupe(520, 1040, 300, BRAND.lime, 14) +
        coupe(1180, 900, 190, BRAND.lime, 10) +
        coupe(1620, 1120, 130, BRAND.lime, 8) +
        rect(0, 1180, W, 8, `fill="${BRAND.lime}" opacity="0.6"`),
    }),
  'cocktails-2': () => {
    let chevrons = '';
    const colours = [BRAND.lime, '#7c8388', '#c9d2c0', '#4a5056'];
    for (let row = -1, i = 0; row < 12; row++, i++) {
      const y = row * 130;
      const pts: [number, number][] = [];
      for (let x = -120; x <= W + 120; x += 240) pts.push([x, y], [x + 120, y + 90]);
      chevrons += poly(pts, `fill="none" stroke="${colours[i % colours.length]}" stroke-width="44" stroke-linejoin="miter"`, false);
    }
    return { inner: bg('#26292c') + chevrons };
  },
  'cocktails-3': (rng) => {
    let cubes = '';
    for (let i = 0; i < 14; i++) {
      const s = between(rng, 110, 230);
      const x = between(rng, 80, W - 80);
      const y = between(rng, 420, H - 60);
      const a = between(rng, -25, 25).toFixed(1);
      cubes += `<g transform="rotate(${a} ${x.toFixed(1)} ${y.toFixed(1)})">` +
        rect(x - s / 2, y - s / 2, s, s, `fill="${BRAND.lime}" opacity="${between(rng, 0.25, 0.6).toFixed(2)}" filter="url(#glow)"`) +
        rect(x - s / 2, y - s / 2, s, s, `fill="none" stroke="#e6ffb8" stroke-width="5"`) +
        `</g>`;
    }
    return {
      defs: `<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>`,
      inner: bg('#050805') + cubes,
    };
  },
};
