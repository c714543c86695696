import sharp from 'sharp';

/**
 * Photo-like test pictures (test code only): a table of some colour, a cup seen from above
 * somewhere on it, and a napkin, all from the seed, so different seeds are different cups.
 */
export async function cupPhoto(seed: number, width = 1200, height = 900): Promise<Buffer> {
  const rnd = (n: number) => ((Math.sin(seed * 9301 + n * 49297) + 1) / 2) % 1;
  const cx = Math.round(width * (0.25 + rnd(1) * 0.5));
  const cy = Math.round(height * (0.25 + rnd(2) * 0.5));
  const r = Math.round(Math.min(width, height) * (0.15 + rnd(3) * 0.15));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${rnd(4).toFixed(2)}" y2="1">
      <stop offset="0" stop-color="hsl(${Math.round(rnd(5) * 360)},45%,${Math.round(25 + rnd(6) * 40)}%)"/>
      <stop offset="1" stop-color="hsl(${Math.round(rnd(7) * 360)},35%,${Math.round(20 + rnd(8) * 50)}%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${Math.round(rnd(9) * width * 0.6)}" y="${Math.round(rnd(10) * height * 0.6)}" width="${Math.round(width * 0.35)}" height="${Math.round(height * 0.2)}" fill="hsl(${Math.round(rnd(11) * 360)},30%,70%)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#f4efe6"/>
    <circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.72)}" fill="hsl(28,${Math.round(40 + rnd(12) * 30)}%,${Math.round(18 + rnd(13) * 20)}%)"/>
    <rect x="${cx + r - 5}" y="${cy - Math.round(r * 0.2)}" width="${Math.round(r * 0.5)}" height="${Math.round(r * 0.4)}" rx="12" fill="#f4efe6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
