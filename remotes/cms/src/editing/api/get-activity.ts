import { queryOptions, useQuery } from '@croft/query';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

/** How many recent changes the /cms home lists. */
export const RECENT_CHANGES_LIMIT = 20;

/** Recent saves and publishes across the site, newest first. */
export function activityQuery(client: EditingClient, limit = RECENT_CHANGES_LIMIT) {
  return queryOptions({
    queryKey: editingKeys.activity(limit),
    queryFn: ({ signal }) => client.activity(limit, { signal }),
    meta: { errorMessage: '[cms] recent changes could not be read' },
  });
}

export function useEditorActivity(limit = RECENT_CHANGES_LIMIT) {
  return useQuery(activityQuery(useEditingClient(), limit));
}
