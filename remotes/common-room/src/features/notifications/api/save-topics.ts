import type { NewsletterInterest, NudgeMine } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import type { PushAdapter } from '../push-adapter';
import { nudgeClient, nudgeKeys } from './nudge-client';

/** Changes the topics of this browser's nudges (the service updates the subscription with this endpoint). */
export function useSaveTopics(push: PushAdapter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (topics: NewsletterInterest[]) => {
      const subscription = await push.current();
      if (!subscription) throw new Error('Nudges are not turned on in this browser.');
      return nudgeClient.subscribe({ subscription, browser: push.browserName(), topics });
    },
    onSuccess: (subscription) => queryClient.setQueryData<NudgeMine>(nudgeKeys.mine, (old) => ({ subscription, recent: old?.recent ?? [] })),
  });
}
