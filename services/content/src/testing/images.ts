/**
 * Small generated images for the image editor's tests (sharp; test code only). Flat colours keep
 * encoding fast: the renditions are always 1920 px wide whatever the input.
 */
import sharp from 'sharp';

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A `width`×`height` image of one colour (with a lighter band so a rotation shows), in `format`. */
export async function makeImage(width: number, height: number, format: Format = 'jpeg'): Promise<Buffer> {
  const band = await sharp({ create: { width: Math.max(1, Math.floor(width / 4)), height, channels: 3, background: { r: 250, g: 230, b: 200 } } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).composite([{ input: band, left: 0, top: 0 }]);
  return image.toFormat(format).toBuffer();
}

/** The maker, model and owner in EXIF, and GPS coordinates (Sheffield): what must never reach the site. */
export const EXIF_MAKER = 'CroftCam';
export const EXIF_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '53/1 22/1 5/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 28/1 0/1' };

/**
 * A phone-style JPEG: `width`×`height` as stored, with EXIF (maker, owner, GPS) and an orientation
 * tag (6: shown rotated 90°, so upright it is `height`×`width`).
 */
export async function makePhoneJpeg(width: number, height: number, orientation = 6): Promise<Buffer> {
  return sharp(await makeImage(width, height, 'png'))
    .jpeg()
    .withExif({ IFD0: { Make: EXIF_MAKER, Model: 'Pocket 7', Copyright: 'Ann Example' }, IFD3: EXIF_GPS })
    .withMetadata({ orientation })
    .toBuffer();
}

/** Whether an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><script>alert(1)</script><rect width="1200" height="800" fill="red"/></svg>',
);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** An ISO-BMFF ftyp box of a HEIC photo (an iPhone's default). */
export const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(200, 1)]);
/** JPEG's first bytes, then noise: sniffed as JPEG, unreadable. */
export const CORRUPT_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a photograph '.repeat(50))]);

/** A valid PNG whose header claims `width`×`height` (the CRC recomputed): a decompression bomb's shape. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage(480, 320, 'png'));
  // The IHDR chunk: length (4) at 8, type at 12, width at 16, height at 20, CRC after 13 data bytes at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
