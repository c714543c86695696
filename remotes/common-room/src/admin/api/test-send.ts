import type { TestNudgeRequest } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** A test send, now, to the staff member's own browsers. */
export function useTestSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestNudgeRequest) => nudgeStaffClient.testSend(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nudgeStaffKeys.all }),
  });
}
