import { ApiError, createCinemaClient, createIdentityClient, type CinemaClient } from '@croft/api-client';
import { queryOptions } from '@croft/query';
import { getSessionClient } from '@croft/session';

/** Secret Cinema calls with the page's current access token (status needs none). */
export const cinemaClient: CinemaClient = createCinemaClient({
  getAccessToken: () => getSessionClient().getSession()?.access_token ?? null,
});

/** Emailed codes for the sign-in step. */
export const identityClient = createIdentityClient();

export const cinemaKeys = {
  status: ['cinema', 'status'] as const,
  member: (userId: string) => ['cinema', userId, 'me'] as const,
};

/** The screening on sale: read each time the dialog opens (the count moves with every sale). */
export const cinemaStatusQuery = () =>
  queryOptions({ queryKey: cinemaKeys.status, queryFn: ({ signal }) => cinemaClient.status({ signal }), staleTime: 0, retry: false });

export const cinemaMemberQuery = (userId: string) =>
  queryOptions({ queryKey: cinemaKeys.member(userId), queryFn: ({ signal }) => cinemaClient.memberView({ signal }), staleTime: 0, retry: false });

/** The service's own words for a failure, or null when it did not explain (network, 500). */
export function serviceMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'network_error' || error.code === 'internal_error' || error.code === 'http_error') return null;
  return error.message;
}

export const errorCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);
