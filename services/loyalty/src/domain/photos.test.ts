import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LOYALTY_UPLOAD_MAX_SIDE } from '@croft/contracts';
import { hashDistance, isSamePhoto, processPhoto, THUMB_SIDE, type ProcessedPhoto } from './photos';

/**
 * A photo-like test picture: a table of some colour, a cup (ring and handle) somewhere, and grain,
 * all from the seed, so different seeds are different cups.
 */
async function cupPhoto(seed: number, width = 1200, height = 900): Promise<Buffer> {
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

async function processed(input: Buffer): Promise<ProcessedPhoto> {
  const result = await processPhoto(input);
  if (typeof result === 'string') throw new Error(`refused: ${result}`);
  return result;
}

describe('processPhoto', () => {
  it('keeps no EXIF or GPS, turns the photo upright and scales it down', async () => {
    const withGps = await sharp(await cupPhoto(1, 2400, 1800))
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const inMeta = await sharp(withGps).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    // The GPS block is there: the same photo without it has a shorter EXIF.
    const noGps = await sharp(await cupPhoto(1, 2400, 1800)).withExif({ IFD0: { Make: 'PhoneCo', Model: 'Phone 15' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(inMeta.exif!.length).toBeGreaterThan((await sharp(noGps).metadata()).exif!.length + 40);

    const out = await processed(withGps);
    const meta = await sharp(out.photo).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.photo.includes(Buffer.from('PhoneCo'))).toBe(false);
    // Orientation 6 (rotate 90°): the 2400×1800 photo comes out portrait, its long side 1600.
    expect([meta.width, meta.height]).toEqual([LOYALTY_UPLOAD_MAX_SIDE * 0.75, LOYALTY_UPLOAD_MAX_SIDE]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.format, thumb.width, thumb.height, thumb.exif]).toEqual(['webp', THUMB_SIDE, THUMB_SIDE, undefined]);
  });

  it('reads the type from the bytes: PNG and WebP yes; GIF, SVG, text, empty, damaged no', async () => {
    const png = await sharp(await cupPhoto(2)).png().toBuffer();
    const webp = await sharp(await cupPhoto(2)).webp().toBuffer();
    expect(typeof (await processPhoto(png))).toBe('object');
    expect(typeof (await processPhoto(webp))).toBe('object');
    expect(await processPhoto(await sharp(await cupPhoto(2)).gif().toBuffer())).toBe('photo_type');
    expect(await processPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'))).toBe('photo_type');
    expect(await processPhoto(Buffer.from('hello, this is not a photo at all'))).toBe('photo_type');
    expect(await processPhoto(Buffer.alloc(0))).toBe('photo_missing');
    expect(await processPhoto(undefined)).toBe('photo_missing');
    const jpeg = await cupPhoto(3);
    expect(await processPhoto(jpeg.subarray(0, 400))).toBe('photo_unreadable');
  });
});

describe('the same photo twice', () => {
  it('is caught when re-encoded, resized or slightly cropped, and different cups are not', async () => {
    const original = await cupPhoto(4);
    const hash = (await processed(original)).phash;
    const copies = [
      await sharp(original).jpeg({ quality: 35 }).toBuffer(),
      await sharp(original).resize(640).webp({ quality: 60 }).toBuffer(),
      await sharp(original).extract({ left: 30, top: 22, width: 1140, height: 856 }).jpeg().toBuffer(),
    ];
    for (const copy of copies) {
      const d = hashDistance(hash, (await processed(copy)).phash);
      expect(d, `copy distance ${d}`).toBeLessThanOrEqual(8);
      expect(isSamePhoto(hash, (await processed(copy)).phash)).toBe(true);
    }
    for (const seed of [5, 6, 7, 8, 9, 10]) {
      const other = (await processed(await cupPhoto(seed))).phash;
      const d = hashDistance(hash, other);
      expect(isSamePhoto(hash, other), `cup ${seed} distance ${d}`).toBe(false);
    }
  });
});
