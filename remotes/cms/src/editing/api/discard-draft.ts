import type { DiscardDraftRequest } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { afterDraftsChanged } from './after-change';
import { useEditingClient } from './editing-context';

/** Drops a text's pending draft (the revision reviewed: 409 edit_conflict when it moved on). */
export function useDiscardDraft() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscardDraftRequest) => client.discard(body),
    onSuccess: () => afterDraftsChanged(queryClient, { wentLive: false }),
  });
}
