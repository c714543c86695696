import type { ErrorRequestHandler } from 'express';
import { HttpError } from '@croft/service-kit';
import { TotalPendingError } from '../domain/common-good-fund';
import { VenueError, type VenueErrorKind } from '../domain/errors';

/** Every venue error kind → its HTTP status and envelope code. */
export const VENUE_ERROR_HTTP: { readonly [K in VenueErrorKind]: { status: number; code: string } } = {
  invalid_date: { status: 400, code: 'invalid_date' },
  booking_not_found: { status: 404, code: 'not_found' },
  message_not_found: { status: 404, code: 'not_found' },
  already_sent: { status: 409, code: 'already_sent' },
  mail_in_progress: { status: 409, code: 'mail_in_progress' },
};

export const TOTAL_PENDING_MESSAGE =
  'The donation was recorded, but the Common Good total could not be updated yet. It will be added automatically: do not record it again.';

/** A domain error as its HttpError (same message); anything else unchanged. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof VenueError) {
    const { status, code } = VENUE_ERROR_HTTP[error.kind];
    return new HttpError(status, code, error.message);
  }
  if (error instanceof TotalPendingError) return new HttpError(503, 'total_pending', TOTAL_PENDING_MESSAGE);
  return error;
}

/** Last middleware on the venue router: domain errors become HttpErrors for the kit's errorHandler. */
export function venueErrorMapper(): ErrorRequestHandler {
  return (err, _req, _res, next) => next(asHttpError(err));
}
