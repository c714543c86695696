import type { SchedulePublishRequest } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { afterDraftsChanged } from './after-change';
import { useEditingClient } from './editing-context';

/** Schedules a draft revision to go live at publish_at (400 invalid_time, 409 when the draft moved on). */
export function useSchedulePublish() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchedulePublishRequest) => client.schedule(body),
    onSuccess: () => afterDraftsChanged(queryClient, { wentLive: false }),
  });
}

/** Cancels a scheduled publish before it runs (404 schedule_not_found once it ran or was cancelled). */
export function useCancelSchedule() {
  const client = useEditingClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.cancelSchedule(id),
    // Refreshed either way: a 404 means it already ran or someone cancelled it.
    onSettled: () => afterDraftsChanged(queryClient, { wentLive: false }),
  });
}
