import type { AccountClient } from '@croft/api-client';
import { queryOptions, useQuery } from '@croft/query';
import { accountClient, accountKeys } from './account-client';

/** The member's MFA factors (from their user record), read whenever the profile shows them. */
export function factorsQuery(userId: string, client: AccountClient = accountClient) {
  return queryOptions({ queryKey: accountKeys.factors(userId), queryFn: async () => (await client.getUser()).factors });
}

export function useFactors(userId: string) {
  return useQuery(factorsQuery(userId));
}
