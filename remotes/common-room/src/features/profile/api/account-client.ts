import { createAccountClient } from '@croft/api-client';
import { getSessionClient } from '@croft/session';

/** The signed-in member's account calls, made with the page's current access token. */
export const accountClient = createAccountClient({ getAccessToken: () => getSessionClient().getSession()?.access_token ?? null });

/** Query keys of one member's account data: the user id keeps one member's data from another's. */
export const accountKeys = {
  passkeys: (userId: string) => ['identity', 'account', userId, 'passkeys'] as const,
  factors: (userId: string) => ['identity', 'account', userId, 'factors'] as const,
};
