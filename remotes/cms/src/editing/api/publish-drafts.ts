import type { PublishRequest } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { afterDraftsChanged } from './after-change';
import { useEditingClient } from './editing-context';

/**
 * Publishes the named draft revisions in one request. A text whose draft moved on since the editor
 * reviewed it comes back in `conflicts` and stays unpublished; the rest go live. Afterwards (either
 * way, even on a failure: some may have gone live) every editing read and the site's text are read
 * again and the page hears DRAFT_CONTENT_CHANGED_EVENT.
 */
export function usePublishDrafts() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: PublishRequest['items']) => client.publish(items),
    onSettled: (result) => afterDraftsChanged(queryClient, { wentLive: !result || result.published.length > 0 }),
  });
}
