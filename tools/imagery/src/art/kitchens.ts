import type { ArtGenerator } from './types';
import { BRAND, CANVAS, bg, between, circle, rect } from './svg';

const { width: W, height: H } = CANVAS;

const flame = (cx: number, base: number, w: number, h: number, fill: string) =>
  `<path d="M${cx} ${base - h}C${cx + w * 0.2} ${base - h * 0.6} ${cx + w} ${base - h * 0.45} ${cx + w * 0.5} ${base}L${cx - w * 0.5} ${base}C${cx - w} ${base - h * 0.45} ${cx - w * 0.2} ${base - h * 0.6} ${cx} ${base - h}Z" fill="${fill}"/>`;

/** Kitchens: oven fire, pizza peels, firewood end grain. */
export const kitchens: Record<string, ArtGenerator> = {
  'kitchens-1': (rng) => {
    let flames = '';
    for (let i = 0; i < 9; i++) {
      const x = 660 + i * 75 + between(rng, -20, 20);
      const h = between(rng, 220, 460);
      flames += flame(x, 1000, 110, h, i % 2 ? BRAND.red : BRAND.ember);
    }
    for (let i = 0; i < 5; i++) flames += flame(720 + i * 120, 1000, 60, between(rng, 120, 220), '#ffb347');
    let bricks = '';
    for (let a = 0; a <= 180; a += 15) {
      const rad = (a * Math.PI) / 180;
      const x = 960 - Math.cos(rad) * 520;
      const y = 1000 - Math.sin(rad) * 520;
      bricks += `<rect x="${(x - 40).toFixed(1)}" y="${(y - 24).toFixed(1)}" width="80" height="48" fill="#3a0d0a" stroke="#170504" stroke-width="6" transform="rotate(${(90 - a).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
    }
    return {
      inner:
        bg('#0d0605') +
        `<path d="M440 1000A520 520 0 0 1 1480 1000Z" fill="#1c0806"/>` +
        flames +
        bricks +
        rect(0, 1000, W, H - 1000, `fill="#1c0806"`),
    };
  },
  'kitchens-2': (rng) => {
    let peels = '';
    for (let i = 0; i < 7; i++) {
      const r = between(rng, 150, 260);
      const x = 160 + i * 270 + between(rng, -30, 30);
      const y = between(rng, 300, 900);
      const a = between(rng, -40, 40).toFixed(1);
      peels += `<g transform="rotate(${a} ${x.toFixed(1)} ${y.toFixed(1)})">` +
        rect(x - 18, y + r - 10, 36, 380, `fill="#5c2a12"`) +
        circle(x, y, r, `fill="${i % 2 ? BRAND.red : BRAND.ember}"`) +
        circle(x, y, r * 0.72, `fill="none" stroke="#ffcf9a" stroke-width="6" opacity="0.6"`) +
        `</g>`;
    }
    return { inner: bg('#3a120a') + peels };
  },
  'kitchens-3': (rng) => {
    let logs = '';
    for (let row = 0; row < 6; row++) {
      for (let col = 0; col < 9; col++) {
        const r = between(rng, 95, 125);
        const x = col * 230 + (row % 2 ? 115 : 0) + 40;
        const y = row * 210 + 100;
        logs += circle(x, y, r, `fill="${rng() > 0.5 ? BRAND.red : '#8a1b10'}" stroke="#1a1a1a" stroke-width="14"`);
        for (const k of [0.66, 0.33]) logs += circle(x, y, r * k, `fill="none" stroke="#3a0a06" stroke-width="6"`);
      }
    }
    return { inner: bg(BRAND.charcoal) + logs };
  },
};
