import type { RequestHandler } from 'express';
import multer from 'multer';
import { IMAGE_ERROR_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, UPLOAD_FILE_FIELD } from '@croft/contracts';
import { HttpError } from '@croft/service-kit';

/** What the upload's multipart body may hold besides the file (the contract's five fields, with room for a strict refusal of a sixth). */
const LIMITS = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  files: 1,
  fields: 8,
  /** Bytes per text field: alt is at most 300 characters (up to 1,200 bytes of UTF-8). */
  fieldSize: 2048,
  fieldNameSize: 64,
  parts: 9,
  headerPairs: 20,
} as const;

const SHAPE = `Send the image as multipart/form-data: one file in the field "${UPLOAD_FILE_FIELD}", with the fields alt and type (and optionally overlay, backgroundPosition, backgroundSize) beside it.`;

/**
 * The image editor's multipart body, held in memory (at most IMAGE_UPLOAD_MAX_BYTES) for sharp.
 * Mount it after the sign-in check and the write limit, so nobody gets megabytes buffered without
 * a session. The file lands in `req.file`; the text fields in `req.body` (a plain object) for the
 * endpoint's strict validation, which refuses unknown fields and operator-style names
 * (`alt[$ne]` arrives as `{ alt: { $ne } }`). A missing alt becomes '' so that the answer is the
 * contract's "describe what the image shows" (IMAGE_ALT_REQUIRED), as for a blank one.
 *
 * Refusals: a file over the limit → 413 image_too_large (the contract's words); a file under
 * another field name, a second file, too many or too long fields, a malformed body or a body that is
 * not multipart at all → 400 invalid_request.
 */
export function imageUpload(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: LIMITS }).single(UPLOAD_FILE_FIELD);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next(new HttpError(400, 'invalid_request', SHAPE));
      return;
    }
    upload(req, res, (error: unknown) => {
      if (!error) {
        // multer leaves a null-prototype object; validation wants a plain one.
        const body: Record<string, unknown> = { ...(req.body as Record<string, unknown> | undefined) };
        if (!('alt' in body)) body.alt = '';
        req.body = body;
        next();
        return;
      }
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          next(new HttpError(413, 'image_too_large', IMAGE_ERROR_MESSAGES.image_too_large));
          return;
        }
        if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
          next(new HttpError(400, 'invalid_request', `Invalid request: send one file, in the field "${UPLOAD_FILE_FIELD}". ${SHAPE}`));
          return;
        }
        next(new HttpError(400, 'invalid_request', `Invalid request: ${error.message.toLowerCase()}. ${SHAPE}`));
        return;
      }
      next(new HttpError(400, 'invalid_request', `The upload could not be read. ${SHAPE}`));
    });
  };
}
