import { useEffect, useState } from 'react';
import { COMMON_GOOD_POLL_MS } from '@croft/contracts';
import { createVenueClient, type VenueClient } from '@croft/api-client';

const defaultClient = createVenueClient();

export type CommonGoodTotalState =
  | { status: 'loading' }
  | { status: 'ready'; pence: number }
  /** The first read failed: the amount is unknown. */
  | { status: 'unknown' };

/**
 * The Common Good running total: read on mount and every `pollMs` (60 s, spec 001 §9) while
 * the tab is visible. A hidden tab stops polling; coming back reads at once and restarts the
 * timer. Failures are logged only: before any answer the amount is unknown, after one the
 * last good amount stays on screen.
 */
export function useCommonGoodTotal(
  client: VenueClient = defaultClient,
  pollMs: number = COMMON_GOOD_POLL_MS,
): CommonGoodTotalState {
  const [state, setState] = useState<CommonGoodTotalState>({ status: 'loading' });

  useEffect(() => {
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const read = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      client
        .getCommonGoodTotal({ signal: current.signal })
        .then((pence) => {
          if (!current.signal.aborted && !stopped) setState({ status: 'ready', pence });
        })
        .catch((error: unknown) => {
          if (current.signal.aborted || stopped) return;
          console.error('[site] Common Good total could not be read', error);
          setState((previous) => (previous.status === 'ready' ? previous : { status: 'unknown' }));
        });
    };
    const start = () => {
      if (timer === undefined) timer = setInterval(read, pollMs);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        stop();
      } else {
        read();
        start();
      }
    };

    read();
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      stop();
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, pollMs]);

  return state;
}
