import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MIN_WIDTH, IMAGE_WIDTHS, sniffImageType } from '@croft/contracts';
import { CORRUPT_JPEG, HEIC, PDF, SVG, hasGpsPointer, makeImage, makePhoneJpeg, pngClaiming, EXIF_MAKER } from '../testing/images';
import { renderUpload, type RenderedImage } from './image-rendering';

async function rendered(input: Buffer): Promise<RenderedImage> {
  const result = await renderUpload(input);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

describe('renderUpload: the renditions', () => {
  it('turns a phone photo upright, renders every width as AVIF and WebP in its own aspect ratio, and drops EXIF and GPS', async () => {
    // Stored 900×600 with orientation 6: upright it is 600 wide, 900 high (a 2:3 portrait).
    const input = await makePhoneJpeg(900, 600);
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from(EXIF_MAKER))).toBe(true);
    expect(hasGpsPointer(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const out = await rendered(input);
    expect(out.type).toBe('image/jpeg');
    // Enlarged to the largest width: the srcset names every width, so every file exists.
    expect([out.width, out.height]).toEqual([1920, 2880]);
    expect(out.renditions.map((r) => `${r.width}.${r.format}`).sort()).toEqual(IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => `${w}.${f}`)).sort());
    for (const r of out.renditions) {
      const meta = await sharp(r.data).metadata();
      expect([meta.width, meta.height], `${r.width}.${r.format}`).toEqual([r.width, Math.round((r.width * 3) / 2)]);
      expect(r.height).toBe(meta.height);
      expect(sniffImageType(r.data)).toBe(r.contentType);
      expect(r.contentType).toBe(r.format === 'avif' ? 'image/avif' : 'image/webp');
      if (r.format === 'avif') expect([meta.format, meta.compression]).toEqual(['heif', 'av1']);
      else expect(meta.format).toBe('webp');
      // Nothing of the original's metadata: no EXIF (maker, GPS), no orientation tag, no XMP or ICC.
      expect([meta.exif, meta.orientation, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
      expect(r.data.includes(Buffer.from(EXIF_MAKER))).toBe(false);
    }
    // Upright: the light band drawn on the stored image's left edge is now along the top.
    const top = await sharp(out.renditions.find((r) => r.width === 480 && r.format === 'webp')!.data).extract({ left: 200, top: 5, width: 1, height: 1 }).raw().toBuffer();
    expect(top[0]).toBeGreaterThan(230);
  });

  it('accepts PNG, WebP and AVIF by their bytes (a landscape keeps its shape)', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const out = await rendered(await makeImage(IMAGE_UPLOAD_MIN_WIDTH, 320, format));
      expect(out.type).toBe(`image/${format}`);
      expect([out.width, out.height]).toEqual([1920, 1280]);
      expect(out.renditions).toHaveLength(8);
    }
  });
});

describe('renderUpload: refusals (by the bytes, never the name)', () => {
  it('refuses every other kind of file as image_type_unsupported', async () => {
    const gif = await makeImage(800, 600, 'gif');
    for (const [name, bytes] of [
      ['GIF', gif],
      ['SVG', SVG],
      ['HEIC', HEIC],
      ['PDF', PDF],
      ['text', Buffer.from('hello, this is plainly not an image at all')],
    ] as const) {
      expect(await renderUpload(bytes), name).toEqual({ refused: 'image_type_unsupported' });
    }
  });

  it('refuses a damaged file as image_unreadable, a missing one as image_file_missing', async () => {
    expect(await renderUpload(CORRUPT_JPEG)).toEqual({ refused: 'image_unreadable' });
    const whole = await makeImage(800, 600, 'jpeg');
    expect(await renderUpload(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({ refused: 'image_unreadable' });
    expect(await renderUpload(undefined)).toEqual({ refused: 'image_file_missing' });
    expect(await renderUpload(Buffer.alloc(0))).toEqual({ refused: 'image_file_missing' });
  });

  it('refuses too small, too tall and too many pixels as image_dimensions', async () => {
    expect(await renderUpload(await makeImage(IMAGE_UPLOAD_MIN_WIDTH - 1, 400))).toEqual({ refused: 'image_dimensions' });
    // Upright width counts: stored 900×479 with orientation 6 is 479 wide.
    expect(await renderUpload(await makePhoneJpeg(900, IMAGE_UPLOAD_MIN_WIDTH - 1))).toEqual({ refused: 'image_dimensions' });
    expect(await renderUpload(await makeImage(500, 2100, 'png'))).toEqual({ refused: 'image_dimensions' });
    // A header claiming 10,000 × 10,000 (100 MP): refused before anything is decoded.
    expect(await renderUpload(await pngClaiming(10_000, 10_000))).toEqual({ refused: 'image_dimensions' });
  });

  it('refuses more than IMAGE_UPLOAD_MAX_BYTES as image_too_large', async () => {
    const big = Buffer.concat([await makeImage(800, 600), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    expect(await renderUpload(big)).toEqual({ refused: 'image_too_large' });
  });
});
