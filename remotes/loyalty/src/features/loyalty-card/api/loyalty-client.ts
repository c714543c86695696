import { ApiError, createIdentityClient, createLoyaltyClient, type LoyaltyClient } from '@croft/api-client';
import { LOYALTY_MESSAGES } from '@croft/contracts';
import { getSessionClient } from '@croft/session';

/** The member's loyalty calls, one instance, with the page's current access token. */
export const loyaltyClient: LoyaltyClient = createLoyaltyClient({
  getAccessToken: () => getSessionClient().getSession()?.access_token ?? null,
});

/** Emailed codes for the sign-in step (the same identity client every sign-in uses). */
export const identityClient = createIdentityClient();

/** A failure's code (null when it was not the service answering). */
export const errorCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);

/** The service's own words for a refusal, or null for a network failure or an unexplained error. */
export function serviceMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'network_error') return 'We could not reach the server. Check your connection and try again.';
  if (error.status >= 500 && error.code === 'internal_error') return null;
  return error.message;
}

/** Spec 001 §8: the toast for a failed upload. 'Could not save' when the server failed saving it. */
export function uploadFailureTitle(error: unknown): string {
  if (error instanceof ApiError && error.status >= 500 && error.code !== 'storage_unavailable' && error.code !== 'network_error') {
    return LOYALTY_MESSAGES.couldNotSave;
  }
  return LOYALTY_MESSAGES.uploadFailed;
}

/** Spec 001 §8: the toast for a failed delete. */
export function deleteFailureTitle(error: unknown): string {
  const code = errorCode(error);
  if (code === 'entry_not_found') return LOYALTY_MESSAGES.entryNotFound;
  if (code === 'storage_unavailable') return LOYALTY_MESSAGES.deletePhotoFailed;
  return LOYALTY_MESSAGES.deleteEntryFailed;
}
