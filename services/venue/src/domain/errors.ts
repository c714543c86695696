/**
 * The venue's domain errors. Domain code says what went wrong (a `kind` and the user-visible
 * message); it never picks an HTTP status. `http/error-mapping.ts` turns each kind into a status
 * and envelope code at the edge (TotalPendingError in common-good-fund.ts is the fund's own).
 */
export const VENUE_ERROR_KINDS = [
  /** A booking date before today or past the booking horizon. */
  'invalid_date',
  'booking_not_found',
  'message_not_found',
  /** Both emails of a booking enquiry went out already. */
  'already_sent',
  /** Another instance is emailing this enquiry right now. */
  'mail_in_progress',
] as const;
export type VenueErrorKind = (typeof VENUE_ERROR_KINDS)[number];

export class VenueError extends Error {
  constructor(
    readonly kind: VenueErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'VenueError';
  }
}
