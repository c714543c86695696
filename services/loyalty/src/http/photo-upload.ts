import type { RequestHandler } from 'express';
import multer from 'multer';
import { LOYALTY_ERROR_MESSAGES, LOYALTY_FILE_FIELD, LOYALTY_UPLOAD_MAX_BYTES } from '@croft/contracts';
import { HttpError } from '@croft/service-kit';

/**
 * multipart/form-data with one photo under LOYALTY_FILE_FIELD and a few short text fields, held
 * in memory (at most LOYALTY_UPLOAD_MAX_BYTES) for sharp. Mounted after the sign-in check, so
 * nobody uploads megabytes without a session. The text fields land in req.body for the
 * endpoint's strict validation; the photo in req.file.
 */
export function photoUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: LOYALTY_UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 5, headerPairs: 20 },
  }).single(LOYALTY_FILE_FIELD);
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) {
        // multer leaves a null-prototype object; validation wants a plain one.
        if (req.body && typeof req.body === 'object') req.body = { ...req.body };
        next();
        return;
      }
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          next(new HttpError(413, 'photo_too_large', LOYALTY_ERROR_MESSAGES.photo_too_large));
          return;
        }
        next(new HttpError(400, 'invalid_request', `Send one photo in the field "${LOYALTY_FILE_FIELD}" with the box number and kind.`));
        return;
      }
      next(new HttpError(400, 'invalid_request', 'The upload could not be read. Try again.'));
    });
  };
}
