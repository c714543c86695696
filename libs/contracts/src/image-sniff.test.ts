import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-sniff';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const box = (size: number) => [0, 0, 0, size];

describe('sniffImageType', () => {
  it('knows JPEG, PNG, WebP and AVIF by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes(box(28), 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('image/avif');
    expect(sniffImageType(bytes(box(24), 'ftypavis', [0, 0, 0, 0], 'avismsf1'))).toBe('image/avif');
    // A compatible brand is enough.
    expect(sniffImageType(bytes(box(24), 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('image/avif');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    // HEIC is ISO-BMFF too, but not AVIF.
    expect(sniffImageType(bytes(box(24), 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    // A brand past the end of the ftyp box does not count.
    expect(sniffImageType(bytes(box(16), 'ftypmif1', [0, 0, 0, 0], 'avif'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
