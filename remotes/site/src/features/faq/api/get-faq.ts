import { useDeferredValue } from 'react';
import type { FaqRow, PageKey } from '@croft/contracts';
import { createContentClient, type ContentClient } from '@croft/api-client/content';
import { queryOptions, useQuery } from '@croft/query';

const content = createContentClient();

/** Questions change rarely: a page's FAQ is read again at most every five minutes. */
const FAQ_FRESH_MS = 5 * 60_000;

export function faqQuery(page: PageKey, client: ContentClient = content) {
  return queryOptions({
    queryKey: ['content', 'faq', page],
    queryFn: ({ signal }) => client.listFaq(page, { signal }),
    staleTime: FAQ_FRESH_MS,
    meta: { errorMessage: `[site] FAQ for ${page} could not be read` },
  });
}

export type FaqState = { status: 'loading' } | { status: 'ready'; items: FaqRow[] };

const NONE: FaqRow[] = [];

/**
 * The published FAQ of a page. A failed read is logged and shown as an empty list,
 * as the spec says (file 001 §8): visitors never see a fetch error here.
 */
export function useFaq(page: PageKey, client?: ContentClient): FaqState {
  const { data, isError } = useQuery(faqQuery(page, client));
  // The answers usually arrive after the page has rendered, and an answer's arrival renders
  // synchronously (react-query subscribes through useSyncExternalStore): the whole list, rendered
  // and committed in one task, took 20–53 ms of a 4× slowed phone's main thread in plain traces
  // (71 ms in a CPU-profiled one, which inflates it). As a deferred value it
  // renders in slices React pauses for a tap; data already cached renders at once.
  const items = useDeferredValue(data);
  if (items) return { status: 'ready', items };
  return isError ? { status: 'ready', items: NONE } : { status: 'loading' };
}
