import { createNudgeStaffClient } from '@croft/api-client';
import { getSessionClient } from '@croft/session';

/** The nudge staff calls (role staff or admin) with the page's current access token. */
export const nudgeStaffClient = createNudgeStaffClient({ getAccessToken: () => getSessionClient().getSession()?.access_token ?? null });

export const nudgeStaffKeys = {
  all: ['staff', 'nudge'] as const,
  list: ['staff', 'nudge', 'list'] as const,
  detail: (id: string) => ['staff', 'nudge', 'detail', id] as const,
};
