import { useMutation, useQueryClient } from '@croft/query';
import { nudgeClient, nudgeKeys } from './nudge-client';

/** Signed in with an unlinked subscription (turned on while signed out): auto-link-push-subscription now. */
export function useLinkToAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => nudgeClient.autoLink(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nudgeKeys.mine }),
  });
}
