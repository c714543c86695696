/**
 * What an uploaded image really is, read from its first bytes (never its name or the type the
 * browser declared): JPEG, PNG, WebP, AVIF, HEIC or GIF, else null. Uploads check this before
 * handing the bytes to sharp, so libvips never parses a format we did not mean to accept (SVG,
 * PDF, TIFF…).
 */
export type SniffedImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/heic' | 'image/gif';

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));

export function sniffImageType(buf: Uint8Array): SniffedImageType | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf[0] === 0x89 && ascii(buf, 1, 8) === 'PNG\r\n\u001a\n') return 'image/png';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return 'image/gif';
  // ISO base media (HEIF family): a 'ftyp' box first, then the major brand and compatible brands.
  if (ascii(buf, 4, 8) === 'ftyp') {
    const size = Math.min((buf[0] << 24) | (buf[1] << 16) | (buf[2] << 8) | buf[3], buf.length, 64);
    const brands: string[] = [ascii(buf, 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(buf, at, at + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'image/avif';
    if (brands.some((b) => ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'image/heic';
  }
  return null;
}
