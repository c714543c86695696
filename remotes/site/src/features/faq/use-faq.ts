import { useEffect, useState } from 'react';
import type { FaqRow, PageKey } from '@croft/contracts';
import { createContentClient, type ContentClient } from '@croft/api-client';

const defaultClient = createContentClient();

export type FaqState = { status: 'loading' } | { status: 'ready'; items: FaqRow[] };

/**
 * The published FAQ of a page. A failed read is logged and shown as an empty list,
 * as the spec says (file 001 §8): visitors never see a fetch error here.
 */
export function useFaq(page: PageKey, client: ContentClient = defaultClient): FaqState {
  const [state, setState] = useState<FaqState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    client
      .listFaq(page, { signal: controller.signal })
      .then((items) => setState({ status: 'ready', items }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`[site] FAQ for ${page} could not be read`, error);
        setState({ status: 'ready', items: [] });
      });
    return () => controller.abort();
  }, [page, client]);
  return state;
}
