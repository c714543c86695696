import sharp from 'sharp';
import phash from 'sharp-phash';
import { IMAGE_SNIFF_BYTES, LOYALTY_UPLOAD_MAX_BYTES, LOYALTY_UPLOAD_MAX_SIDE, sniffImageType } from '@croft/contracts';

/**
 * A member's coffee photo made safe to keep: its type read from its bytes (JPEG, PNG or WebP:
 * phones' HEIC photos arrive as JPEG, the browser converts them when it scales them down),
 * turned upright, every metadata block (EXIF, GPS, XMP, ICC comments) left behind, scaled to at
 * most LOYALTY_UPLOAD_MAX_SIDE and a small copy for the grid, both WebP; and its perceptual hash.
 */

export const PHOTO_ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Decoded pixels a photo may have (a 50 MP phone photo fits; a decompression bomb does not). */
export const PHOTO_MAX_PIXELS = 60_000_000;
export const THUMB_SIDE = 320;
/**
 * Two photos whose perceptual hashes differ in at most this many of 64 bits are the same photo
 * (a re-encoded or slightly cropped copy measures 0–8; different cups well above; tested).
 */
export const SAME_PHOTO_MAX_DISTANCE = 10;

export type PhotoRefusal = 'photo_missing' | 'photo_type' | 'photo_too_large' | 'photo_unreadable';

export interface ProcessedPhoto {
  photo: Buffer;
  thumb: Buffer;
  /** 16 hex digits. */
  phash: string;
  width: number;
  height: number;
}

export async function processPhoto(input: Buffer | undefined): Promise<ProcessedPhoto | PhotoRefusal> {
  if (!input || input.length === 0) return 'photo_missing';
  if (input.length > LOYALTY_UPLOAD_MAX_BYTES) return 'photo_too_large';
  const type = sniffImageType(input.subarray(0, IMAGE_SNIFF_BYTES));
  if (!type || !(PHOTO_ACCEPTED as readonly string[]).includes(type)) return 'photo_type';
  try {
    const upright = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
    // sharp writes no metadata unless asked (no withMetadata/keepExif here): EXIF and GPS stay behind.
    const photo = await sharp(upright.data)
      .resize({ width: LOYALTY_UPLOAD_MAX_SIDE, height: LOYALTY_UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(upright.data).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover' }).webp({ quality: 70 }).toBuffer();
    const bits = await phash(photo.data);
    return { photo: photo.data, thumb, phash: bitsToHex(bits), width: photo.info.width, height: photo.info.height };
  } catch {
    return 'photo_unreadable';
  }
}

function bitsToHex(bits: string): string {
  let hex = '';
  for (let i = 0; i < 64; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}

/** Hamming distance between two 16-hex-digit hashes. */
export function hashDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 16; i++) {
    let x = parseInt(a[i], 16) ^ parseInt(b[i], 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}

export function isSamePhoto(a: string, b: string): boolean {
  return hashDistance(a, b) <= SAME_PHOTO_MAX_DISTANCE;
}
