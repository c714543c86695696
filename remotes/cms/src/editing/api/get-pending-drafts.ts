import { useEffect } from 'react';
import { DRAFT_CONTENT_CHANGED_EVENT } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

/** Every pending draft of the site (the toolbar counts them). */
export function pendingDraftsQuery(client: EditingClient) {
  return queryOptions({
    queryKey: editingKeys.pendingDrafts,
    queryFn: ({ signal }) => client.pendingDrafts({ signal }),
    meta: { errorMessage: '[cms] pending drafts could not be read' },
  });
}

/** The pending drafts, read again whenever a save announces DRAFT_CONTENT_CHANGED_EVENT. */
export function usePendingDrafts() {
  const query = useQuery(pendingDraftsQuery(useEditingClient()));
  const { refetch } = query;
  useEffect(() => {
    const onChange = () => void refetch();
    window.addEventListener(DRAFT_CONTENT_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(DRAFT_CONTENT_CHANGED_EVENT, onChange);
  }, [refetch]);
  return query;
}
