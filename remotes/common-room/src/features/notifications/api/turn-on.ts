import type { NewsletterInterest, NudgeMine, NudgeSubscription } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import type { PushAdapter } from '../push-adapter';
import { nudgeClient, nudgeKeys } from './nudge-client';

/** Why turning on stopped before the service was asked. */
export class PushSetupError extends Error {
  constructor(
    readonly reason: 'denied' | 'dismissed' | 'browser',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns nudges on in this browser, after the press: the permission prompt (when not yet
 * answered), /sw.js registered at '/', PushManager.subscribe with the service's VAPID key, and
 * the subscription sent to the service (linked to the member when signed in).
 */
export function useTurnOn(push: PushAdapter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (topics: NewsletterInterest[]): Promise<NudgeSubscription> => {
      const permission = push.permission() === 'granted' ? 'granted' : await push.requestPermission();
      if (permission === 'denied') throw new PushSetupError('denied', 'Notifications are blocked for this site in your browser.');
      if (permission !== 'granted') throw new PushSetupError('dismissed', 'Nudges stay off: the browser’s question was closed without an answer. Press the button again to be asked once more.');
      const key = await nudgeClient.vapidPublicKey();
      let subscription;
      try {
        subscription = await push.subscribe(key);
      } catch (error) {
        const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
        throw new PushSetupError('browser', `Your browser could not set up nudges${detail}. Please try again.`);
      }
      return nudgeClient.subscribe({ subscription, browser: push.browserName(), topics });
    },
    onSuccess: (subscription) => queryClient.setQueryData<NudgeMine>(nudgeKeys.mine, (old) => ({ subscription, recent: old?.recent ?? [] })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nudgeKeys.device }),
  });
}
