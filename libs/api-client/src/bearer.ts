import { ApiError } from './api-error';
import type { CallInit } from './call-endpoint';

/**
 * The bearer header for a signed-in call, from the page's current token: with no token (signed
 * out) the call fails before anything is sent, as 401 'not_signed_in'.
 */
export function bearerFrom(getAccessToken: () => string | null) {
  return (init?: CallInit): CallInit => {
    const token = getAccessToken();
    if (!token) throw new ApiError(401, 'not_signed_in', 'You are not signed in.');
    return { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } };
  };
}
