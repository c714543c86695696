import { LOYALTY_UPLOAD_MAX_SIDE } from '@croft/contracts';

/** JPEG quality of a scaled photo: a 1600 px phone photo comes to roughly 1 MB. */
export const SCALED_JPEG_QUALITY = 0.85;

/** The size a photo is drawn at so its longer side is at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = LOYALTY_UPLOAD_MAX_SIDE): { width: number; height: number } {
  const ratio = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export interface ScaledPhoto {
  blob: Blob;
  /** False when the browser could not decode or draw it here: the original is sent as it was. */
  scaled: boolean;
}

/** A canvas to draw on: OffscreenCanvas where there is one, else a detached <canvas>. */
function canvasFor(width: number, height: number): { draw: (image: ImageBitmap) => void; toJpeg: () => Promise<Blob | null> } | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    return {
      draw: (image) => context.drawImage(image, 0, 0, width, height),
      toJpeg: () => canvas.convertToBlob({ type: 'image/jpeg', quality: SCALED_JPEG_QUALITY }),
    };
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  return {
    draw: (image) => context.drawImage(image, 0, 0, width, height),
    toJpeg: () => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', SCALED_JPEG_QUALITY)),
  };
}

/**
 * A phone photo (several MB) scaled down in the browser before upload: decoded upright (EXIF
 * orientation applied), drawn with its longer side at most LOYALTY_UPLOAD_MAX_SIDE, encoded as
 * JPEG. The server re-encodes and strips metadata either way; this only saves the member's data
 * and time. Where the browser cannot decode it (an old browser, a format it does not know), the
 * original goes as it is and the server decides.
 */
export async function scalePhoto(file: Blob): Promise<ScaledPhoto> {
  if (typeof createImageBitmap !== 'function') return { blob: file, scaled: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, scaled: false };
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = canvasFor(size.width, size.height);
    if (!canvas) return { blob: file, scaled: false };
    canvas.draw(bitmap);
    const jpeg = await canvas.toJpeg();
    // A small photo may come out larger re-encoded: send whichever is smaller.
    if (!jpeg || (jpeg.size >= file.size && size.width === bitmap.width)) return { blob: file, scaled: false };
    return { blob: jpeg, scaled: true };
  } finally {
    bitmap.close();
  }
}
