import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LOYALTY_UPLOAD_MAX_SIDE } from '@croft/contracts';
import { cupPhoto } from '../testing/photos';
import { hashDistance, isSamePhoto, processPhoto, THUMB_SIDE, type ProcessedPhoto } from './photos';

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
