import type { EditablePage } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

/** Every stored text of a page (or 'global') as the editor sees it: live, pending draft, schedule. */
export function editorPageTextQuery(client: EditingClient, page: EditablePage) {
  return queryOptions({
    queryKey: editingKeys.page(page),
    queryFn: ({ signal }) => client.pageText(page, { signal }),
    meta: { errorMessage: `[cms] the editor's view of ${page} could not be read; showing published text` },
  });
}

export function useEditorPageText(page: EditablePage, enabled = true) {
  return useQuery({ ...editorPageTextQuery(useEditingClient(), page), enabled });
}
