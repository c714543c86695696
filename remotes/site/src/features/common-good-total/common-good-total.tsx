import { Link } from '@croft/router';
import { VisuallyHidden } from '@croft/ui';
import type { CommonGoodTotalClient } from '@croft/api-client';
import { formatPence, UNKNOWN_AMOUNT } from './format-pence';
import { useCommonGoodTotal } from './api/get-common-good-total';
import './common-good-total.css';

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
  const known = state.status === 'ready';
  return (
    <p className={['site-cg-total', className].filter(Boolean).join(' ')}>
      <Link to="/common-good" className="site-cg-total__label">
        Common Good fund
      </Link>
      <span className="site-cg-total__amount" data-state={state.status}>
        {known ? (
          formatPence(state.pence)
        ) : (
          <>
            <span aria-hidden="true">{UNKNOWN_AMOUNT}</span>
            <VisuallyHidden>{state.status === 'loading' ? 'total loading' : 'total not available right now'}</VisuallyHidden>
          </>
        )}
      </span>
    </p>
  );
}
