import type { ComposeNudgeRequest } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** Sends a nudge now, or schedules it (optionally repeated). */
export function useComposeNudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComposeNudgeRequest) => nudgeStaffClient.compose(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nudgeStaffKeys.all }),
  });
}
