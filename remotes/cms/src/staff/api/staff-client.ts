import {
  ApiError,
  callEndpoint,
  createAccountClient,
  createIdentityClient,
  type CallArgs,
  type ClientOptions,
} from '@croft/api-client';
export { errorMessage } from '@croft/api-client';
import type { EndpointDefinition, EndpointResponse } from '@croft/contracts';
import { getSessionClient } from '@croft/session';

const options: ClientOptions = {};

/** The current access token (null when signed out). */
export function accessToken(): string | null {
  return getSessionClient().getSession()?.access_token ?? null;
}

/** Emailed codes (the same identity client the members' sign-in uses). */
export const identityClient = createIdentityClient(options);
/** The signed-in person's account calls: the authenticator step (challenge, verify), their user record. */
export const accountClient = createAccountClient({ ...options, getAccessToken: accessToken });

/**
 * A staff endpoint called with the page's current access token (people, roles, audit). No token
 * fails before anything is sent, as the account client does.
 */
export async function callAsStaff<E extends EndpointDefinition>(endpoint: E, ...[request, init]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const token = accessToken();
  if (!token) throw new ApiError(401, 'not_signed_in', 'You are not signed in.');
  const args = [request, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }] as CallArgs<E>;
  return callEndpoint(options, endpoint, ...args);
}


export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** Query keys of the staff area: the user id keeps one person's cached answers from another's. */
export const staffKeys = {
  all: ['staff'] as const,
  people: (userId: string) => ['staff', userId, 'people'] as const,
  audit: (userId: string, service: string) => ['staff', userId, 'audit', service] as const,
  factors: (userId: string) => ['staff', userId, 'factors'] as const,
};
