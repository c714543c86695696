import type { TextKey } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

/** Every published version of one text, newest first. */
export function textHistoryQuery(client: EditingClient, key: TextKey) {
  return queryOptions({
    queryKey: editingKeys.history(key),
    queryFn: ({ signal }) => client.history(key, { signal }),
    meta: { errorMessage: `[cms] the history of ${key.page}/${key.section}/${key.content_key} could not be read` },
  });
}

export function useTextHistory(key: TextKey) {
  return useQuery(textHistoryQuery(useEditingClient(), key));
}
