import type { NudgeMine } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import type { PushAdapter } from '../push-adapter';
import { nudgeClient, nudgeKeys } from './nudge-client';

/** Turns nudges off: the service forgets this browser's subscription, then the browser drops it. */
export function useTurnOff(push: PushAdapter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await push.current();
      if (subscription) await nudgeClient.unsubscribe(subscription.endpoint);
      await push.unsubscribe();
    },
    onSuccess: () => queryClient.setQueryData<NudgeMine>(nudgeKeys.mine, { subscription: null, recent: [] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nudgeKeys.device }),
  });
}
