import type { CommonGoodTotalClient } from '@croft/api-client';
import { useCommonGoodTotal } from './api/get-common-good-total';
import { CommonGoodLine } from './common-good-line';

export interface CommonGoodTotalProps {
  client?: CommonGoodTotalClient;
  /** Poll interval (default COMMON_GOOD_POLL_MS, 60 s). */
  pollMs?: number;
  className?: string;
}

/**
 * The footer's Common Good line: 'Common Good fund' (a link to /common-good) and the running
 * total, e.g. £13,302.50, refreshed every 60 s; '—' while unknown.
 */
export function CommonGoodTotal({ client, pollMs, className }: CommonGoodTotalProps) {
  const state = useCommonGoodTotal(client, pollMs);
  return <CommonGoodLine state={state} className={className} />;
}
