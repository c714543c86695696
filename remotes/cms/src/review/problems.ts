import { SCHEDULE_MAX_DAYS_AHEAD } from '@croft/contracts';
import { ApiError } from '@croft/api-client';

/** The words for a draft that moved on after the editor read it. */
export const CHANGED_SINCE_REVIEW = 'changed since you reviewed it';
export const INVALID_TIME_MESSAGE = `Pick a time in the future, no more than ${SCHEDULE_MAX_DAYS_AHEAD} days ahead.`;

export const errorCode = (error: unknown) => (error instanceof ApiError ? error.code : null);

/** A failure in words for an editor: the service's own message, signed out, or a fallback. */
export function problemText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'You need to be logged in to edit content.';
    if (error.code === 'invalid_time') return INVALID_TIME_MESSAGE;
    if (error.message) return error.message;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
