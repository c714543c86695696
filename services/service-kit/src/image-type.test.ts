import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImageType } from './image-type';

const base = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } });

describe('sniffImageType', () => {
  it('knows JPEG, PNG, WebP, AVIF and GIF by their bytes', async () => {
    expect(sniffImageType(await base().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await base().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await base().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await base().avif().toBuffer())).toBe('image/avif');
    expect(sniffImageType(await base().gif().toBuffer())).toBe('image/gif');
  });

  it('knows a HEIC header, and refuses SVG, PDF, text and short or empty input', () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    expect(sniffImageType(heic)).toBe('image/heic');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(sniffImageType(Buffer.from('just some text, not an image'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
