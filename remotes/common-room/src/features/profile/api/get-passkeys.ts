import type { AccountClient } from '@croft/api-client';
import { queryOptions, useQuery } from '@croft/query';
import { accountClient, accountKeys } from './account-client';

/** The member's passkeys, read whenever the profile shows them. */
export function passkeysQuery(userId: string, client: AccountClient = accountClient) {
  return queryOptions({ queryKey: accountKeys.passkeys(userId), queryFn: () => client.listPasskeys() });
}

export function usePasskeys(userId: string) {
  return useQuery(passkeysQuery(userId));
}
