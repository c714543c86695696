import { Link } from '@croft/router';
import { VisuallyHidden } from '@croft/ui';
import { formatPence, UNKNOWN_AMOUNT } from './format-pence';
import type { CommonGoodTotalState } from './api/get-common-good-total';
import './common-good-total.css';

export interface CommonGoodLineProps {
  state: CommonGoodTotalState;
  className?: string;
}

/**
 * The footer's Common Good line as it looks in a given state: 'Common Good fund' (a link to
 * /common-good) and the amount, or '—' while unknown. No data code: the footer shows it (loading)
 * before the total's reader has arrived.
 */
export function CommonGoodLine({ state, className }: CommonGoodLineProps) {
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
