import type { TextKey } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

/** One text's entry, read fresh each time the popup opens it (its head_revision is the save's base). */
export function editorTextQuery(client: EditingClient, key: TextKey) {
  return queryOptions({
    queryKey: editingKeys.text(key),
    queryFn: ({ signal }) => client.text(key, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useEditorText(key: TextKey) {
  return useQuery(editorTextQuery(useEditingClient(), key));
}
