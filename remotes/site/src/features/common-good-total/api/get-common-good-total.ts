import { COMMON_GOOD_POLL_MS } from '@croft/contracts';
import { createCommonGoodTotalClient, type CommonGoodTotalClient } from '@croft/api-client';
import { queryOptions, useQuery } from '@croft/query';

const venue = createCommonGoodTotalClient();

/**
 * The Common Good running total in pence (spec 001 §9): polled every 60 s while the tab is
 * visible (react-query pauses the interval in a hidden tab, and refetches at once when it shows
 * again). The footer and /common-good watch the same query, so a page with both reads it once.
 */
export function commonGoodTotalQuery(client: CommonGoodTotalClient = venue, pollMs: number = COMMON_GOOD_POLL_MS) {
  return queryOptions({
    queryKey: ['venue', 'common-good-total'],
    queryFn: ({ signal }) => client.getCommonGoodTotal({ signal }),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    meta: { errorMessage: '[site] Common Good total could not be read' },
  });
}

export type CommonGoodTotalState =
  | { status: 'loading' }
  | { status: 'ready'; pence: number }
  /** The first read failed: the amount is unknown. */
  | { status: 'unknown' };

/**
 * The total for display. Failures are logged only: before any answer the amount is unknown,
 * after one the last good amount stays on screen.
 */
export function useCommonGoodTotal(client?: CommonGoodTotalClient, pollMs?: number): CommonGoodTotalState {
  const { data, isError } = useQuery(commonGoodTotalQuery(client, pollMs));
  if (data !== undefined) return { status: 'ready', pence: data };
  return isError ? { status: 'unknown' } : { status: 'loading' };
}
