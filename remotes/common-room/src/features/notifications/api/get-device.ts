import { queryOptions, useQuery } from '@croft/query';
import type { PushAdapter } from '../push-adapter';
import { nudgeKeys } from './nudge-client';

/** The browser's side: its push subscription (or null) and the last nudge the service worker stored. */
export function deviceQuery(push: PushAdapter) {
  return queryOptions({
    queryKey: nudgeKeys.device,
    queryFn: async () => {
      const [subscription, lastReceived] = await Promise.all([push.current(), push.lastReceived().catch(() => null)]);
      return { subscription, lastReceived };
    },
    meta: { errorMessage: 'Could not read this browser’s push subscription' },
  });
}

export function useDevice(push: PushAdapter, enabled: boolean) {
  return useQuery({ ...deviceQuery(push), enabled });
}
