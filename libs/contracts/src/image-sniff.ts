import { IMAGE_UPLOAD_TYPES } from './image-editing';

// What an image upload is, read from its first bytes (never its name or declared type): the rule
// the image editor's upload follows (image-editing.ts). The browser uses it to say early that a
// file will be refused, the mocks to refuse it as the service does; the service decides.

export type UploadImageType = (typeof IMAGE_UPLOAD_TYPES)[number];

/** How many leading bytes sniffImageType needs to see (an AVIF's ftyp box with its brands). */
export const IMAGE_SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * The image type a file's first bytes show: JPEG (FF D8 FF), PNG (the 8-byte PNG signature),
 * WebP ('RIFF', 4 bytes, 'WEBP') or AVIF (an ISO-BMFF 'ftyp' box whose major or a compatible brand
 * is 'avif' or 'avis'); null for anything else.
 */
export function sniffImageType(head: Uint8Array): UploadImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte)) return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp') {
    const boxSize = ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0;
    const end = Math.min(head.length, boxSize >= 16 ? boxSize : 16);
    // The major brand at 8, then (after the minor version at 12) the compatible brands from 16.
    const brands = [ascii(head, 8, 4)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  }
  return null;
}
