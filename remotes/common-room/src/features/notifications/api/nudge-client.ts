import { createNudgeClient } from '@croft/api-client';
import { getSessionClient } from '@croft/session';

/** This browser's nudge calls; signed in, the access token links the subscription to the member. */
export const nudgeClient = createNudgeClient({ getAccessToken: () => getSessionClient().getSession()?.access_token ?? null });

export const nudgeKeys = {
  /** This browser's subscription as the service knows it (by its device cookie). */
  mine: ['nudge', 'subscription', 'mine'] as const,
  /** The browser's own side: its push subscription and the last nudge it stored. */
  device: ['nudge', 'device'] as const,
};
