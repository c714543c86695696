import { PUBLISH_BATCH_MAX, type PublishRequest, type PublishResponse } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { afterDraftsChanged } from './after-change';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';

/**
 * One request for up to PUBLISH_BATCH_MAX drafts (the service's cap); a larger selection goes in
 * consecutive requests of that size, their answers merged, so nothing chosen is left out silently.
 */
export async function publishAll(client: EditingClient, items: PublishRequest['items']): Promise<PublishResponse> {
  const merged: PublishResponse = { published: [], conflicts: [] };
  for (let start = 0; start < items.length; start += PUBLISH_BATCH_MAX) {
    const answer = await client.publish(items.slice(start, start + PUBLISH_BATCH_MAX));
    merged.published.push(...answer.published);
    merged.conflicts.push(...answer.conflicts);
  }
  return merged;
}

/**
 * Publishes the named draft revisions. A text whose draft moved on since the editor reviewed it
 * comes back in `conflicts` and stays unpublished; the rest go live. Afterwards (either way, even
 * on a failure: some may have gone live) every editing read and the site's text are read again
 * and the page hears DRAFT_CONTENT_CHANGED_EVENT.
 */
export function usePublishDrafts() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: PublishRequest['items']) => publishAll(client, items),
    onSettled: (result) => afterDraftsChanged(queryClient, { wentLive: !result || result.published.length > 0 }),
  });
}
