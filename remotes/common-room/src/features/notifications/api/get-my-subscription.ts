import type { NudgeClient } from '@croft/api-client';
import { queryOptions, useQuery } from '@croft/query';
import { nudgeClient, nudgeKeys } from './nudge-client';

/** This browser's subscription as the service has it (null: nudges are off here). */
export function mySubscriptionQuery(client: NudgeClient = nudgeClient) {
  return queryOptions({
    queryKey: nudgeKeys.mine,
    queryFn: ({ signal }) => client.mine({ signal }),
    meta: { errorMessage: 'Could not read this browser’s nudge settings' },
  });
}

export function useMySubscription(enabled = true) {
  return useQuery({ ...mySubscriptionQuery(), enabled });
}
