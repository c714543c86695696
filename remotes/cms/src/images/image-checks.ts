import * as z from 'zod/mini';
import {
  BACKGROUND_CAROUSEL,
  HERO_CAROUSEL,
  IMAGE_ALT_REQUIRED,
  IMAGE_BASE_PATH,
  IMAGE_ERROR_MESSAGES,
  IMAGE_SNIFF_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  imageAltSchema,
  sniffImageType,
  type ImageEditorRow,
  type PageKey,
} from '@croft/contracts';
import { errorCode, errorMessage } from '../staff/api/staff-client';

/** The file types the picker offers (the service decides by the bytes). */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * What is wrong with a chosen file before it is sent, in the contract's words (no file, too large,
 * empty, not a JPEG/PNG/WebP/AVIF by its first bytes), or null. The service checks again.
 */
export async function uploadFileProblem(file: Blob | null | undefined): Promise<string | null> {
  if (!file) return IMAGE_ERROR_MESSAGES.image_file_missing;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return IMAGE_ERROR_MESSAGES.image_too_large;
  if (file.size === 0) return IMAGE_ERROR_MESSAGES.image_unreadable;
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? null : IMAGE_ERROR_MESSAGES.image_type_unsupported;
}

/** What the contract says about alt text, as a sentence, or null when it is fine. */
export function altProblem(value: string): string | null {
  const result = z.safeParse(imageAltSchema, value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? IMAGE_ALT_REQUIRED;
  return message === IMAGE_ALT_REQUIRED ? message : `The alt text ${message}.`;
}

/** A failed write in words: the contract's message for the image editor's named errors, else the service's own. */
export function imageErrorMessage(error: unknown): string {
  const code = errorCode(error);
  return code && code in IMAGE_ERROR_MESSAGES ? IMAGE_ERROR_MESSAGES[code as keyof typeof IMAGE_ERROR_MESSAGES] : errorMessage(error);
}

/** The carousels a page has: home's hero first, then every page's background, then any other the service keeps. */
export function carouselsOf(page: PageKey, rows: readonly ImageEditorRow[]): string[] {
  const names = page === 'home' ? [HERO_CAROUSEL, BACKGROUND_CAROUSEL] : [BACKGROUND_CAROUSEL];
  for (const row of rows) if (!names.includes(row.carousel_name)) names.push(row.carousel_name);
  return names;
}

/** A carousel's rows in order. */
export function carouselRows(rows: readonly ImageEditorRow[], carousel: string): ImageEditorRow[] {
  return rows.filter((r) => r.carousel_name === carousel).sort((a, b) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : 1));
}

/**
 * The id Picture takes for a row: a catalogue image's stem after `/images/`, an uploaded one's
 * whole base path (imageUrl understands both), as the site's carousel does.
 */
export function previewImageId(row: Pick<ImageEditorRow, 'image_url'>): string {
  return row.image_url.startsWith(`${IMAGE_BASE_PATH}/`) ? row.image_url.slice(IMAGE_BASE_PATH.length + 1) : row.image_url;
}
