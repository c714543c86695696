import { DRAFT_CONTENT_CHANGED_EVENT, type EditorTextEntry, type SaveDraftRequest, type TextKey } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

const sameKey = (a: TextKey, b: TextKey) => a.page === b.page && a.section === b.section && a.content_key === b.content_key;

/**
 * Saves a draft (spec 000 §4: always published false) over the revision the editor started from.
 * On success the editor's view of the page holds the new draft at once (the page shows it), every
 * editing read is refreshed, and the window hears DRAFT_CONTENT_CHANGED_EVENT. A 409
 * edit_conflict is the caller's to resolve: nothing is overwritten.
 */
export function useSaveDraft() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDraftRequest) => client.saveDraft(body),
    onSuccess: async (version) => {
      queryClient.setQueryData<EditorTextEntry[]>(editingKeys.page(version.page), (entries) => {
        if (!entries) return entries;
        const others = entries.filter((e) => !sameKey(e, version));
        const entry = entries.find((e) => sameKey(e, version));
        const key = { page: version.page, section: version.section, content_key: version.content_key };
        return [{ ...key, live: entry?.live ?? null, scheduled: entry?.scheduled ?? null, draft: version, head_revision: version.revision }, ...others];
      });
      window.dispatchEvent(new CustomEvent(DRAFT_CONTENT_CHANGED_EVENT, { detail: { page: version.page, section: version.section, content_key: version.content_key } }));
      await queryClient.invalidateQueries({ queryKey: editingKeys.all });
    },
  });
}
