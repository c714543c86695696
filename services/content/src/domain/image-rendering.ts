import sharp from 'sharp';
import {
  IMAGE_FORMATS,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_PIXELS,
  IMAGE_UPLOAD_MIN_WIDTH,
  IMAGE_WIDTHS,
  sniffImageType,
  type ImageFormat,
  type ImageWidth,
  type UploadImageType,
} from '@croft/contracts';

/**
 * An editor's upload made into the site's renditions (issue 11; the model is in libs/contracts
 * image-editing.ts). The type is read from the bytes (JPEG, PNG, WebP, AVIF; never the name or the
 * declared type), so libvips never parses anything else (GIF, SVG, HEIC, PDF …). The image is
 * turned upright (EXIF orientation), then rendered at every site width (IMAGE_WIDTHS, enlarging a
 * smaller image so the srcset never names a missing file) in its own aspect ratio, as AVIF and
 * WebP. Nothing of the input's metadata survives: sharp writes none unless asked (no
 * withMetadata/keepExif here), and the renditions are encoded from bare pixels anyway.
 */

export type ImageRefusal = 'image_file_missing' | 'image_type_unsupported' | 'image_too_large' | 'image_dimensions' | 'image_unreadable';

/** A tall image may be at most this many times as high as it is wide (a 1920 px wide rendition of a sliver would be huge). */
export const IMAGE_MAX_TALL_RATIO = 4;

/** Encoder settings: a modest AVIF effort (CPU per upload), quality tuned for photographs behind text. */
export const AVIF_OPTIONS = { quality: 50, effort: 4 } as const;
export const WEBP_OPTIONS = { quality: 78, effort: 4 } as const;

export const RENDITION_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

export interface Rendition {
  width: ImageWidth;
  format: ImageFormat;
  contentType: string;
  data: Buffer;
  /** Its pixel height (the image's own aspect ratio). */
  height: number;
}

export interface RenderedImage {
  /** What the bytes were. */
  type: UploadImageType;
  /** Every width × format (IMAGE_WIDTHS × IMAGE_FORMATS). */
  renditions: Rendition[];
  /** The largest rendition's size. */
  width: number;
  height: number;
}

/** The libvips decoder (metadata().format) each accepted type must be read by. */
const DECODER: Record<UploadImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' };

const pixelLimit = (error: unknown) => /pixel limit/i.test(String((error as Error)?.message ?? error));

/** The renditions of an upload, or why it is refused. */
export async function renderUpload(input: Buffer | undefined): Promise<RenderedImage | { refused: ImageRefusal }> {
  if (!input || input.length === 0) return { refused: 'image_file_missing' };
  if (input.length > IMAGE_UPLOAD_MAX_BYTES) return { refused: 'image_too_large' };
  const type = sniffImageType(input.subarray(0, 64));
  if (!type) return { refused: 'image_type_unsupported' };

  const decode = () => sharp(input, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS, failOn: 'error' });
  let meta: sharp.Metadata;
  try {
    meta = await decode().metadata();
  } catch (error) {
    return { refused: pixelLimit(error) ? 'image_dimensions' : 'image_unreadable' };
  }
  // An ftyp box that names AVIF among its brands but holds HEVC (HEIC) is not an AVIF.
  if (meta.format !== DECODER[type] || (type === 'image/avif' && meta.compression !== 'av1')) return { refused: 'image_type_unsupported' };
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (
    !upright.width ||
    !upright.height ||
    upright.width * upright.height > IMAGE_UPLOAD_MAX_PIXELS ||
    upright.width < IMAGE_UPLOAD_MIN_WIDTH ||
    upright.height > upright.width * IMAGE_MAX_TALL_RATIO
  ) {
    return { refused: 'image_dimensions' };
  }

  // Decode once, upright, at the largest width, as bare sRGB pixels (nothing else carried along);
  // every rendition is encoded from these.
  const largest = Math.max(...IMAGE_WIDTHS);
  let base: { data: Buffer; info: sharp.OutputInfo };
  try {
    base = await decode()
      .rotate()
      .resize({ width: largest })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { refused: pixelLimit(error) ? 'image_dimensions' : 'image_unreadable' };
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels as 1 | 2 | 3 | 4 };

  const renditions = await Promise.all(
    IMAGE_WIDTHS.flatMap((width) =>
      IMAGE_FORMATS.map(async (format): Promise<Rendition> => {
        let pipeline = sharp(base.data, { raw });
        if (width !== raw.width) pipeline = pipeline.resize({ width });
        pipeline = format === 'avif' ? pipeline.avif(AVIF_OPTIONS) : pipeline.webp(WEBP_OPTIONS);
        const out = await pipeline.toBuffer({ resolveWithObject: true });
        return { width, format, contentType: RENDITION_TYPES[format], data: out.data, height: out.info.height };
      }),
    ),
  );
  return { type, renditions, width: raw.width, height: raw.height };
}
