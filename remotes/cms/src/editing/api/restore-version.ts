import type { RestoreVersionRequest } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { afterDraftsChanged } from './after-change';
import { useEditingClient } from './editing-context';

/**
 * Brings an earlier published version back as a new draft over base_revision (the text's head):
 * 409 edit_conflict when someone changed the text since it was read.
 */
export function useRestoreVersion() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreVersionRequest) => client.restore(body),
    onSuccess: () => afterDraftsChanged(queryClient, { wentLive: false }),
  });
}
