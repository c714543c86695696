import { useMutation, useQueryClient } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** Cancels a scheduled nudge (and the rest of its series). */
export function useCancelNudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => nudgeStaffClient.cancel(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nudgeStaffKeys.all }),
  });
}
