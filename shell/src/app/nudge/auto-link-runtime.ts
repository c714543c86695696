import { createNudgeClient } from '@croft/api-client';
import { startAutoLink } from '@croft/nudge';
import { getSessionClient } from '@croft/session';

/** auto-link-push-subscription for the signed-in member (its own chunk: visitors never load it). */
export function startShellAutoLink(): () => void {
  const session = getSessionClient();
  const client = createNudgeClient({ getAccessToken: () => session.getSession()?.access_token ?? null });
  return startAutoLink({ session, link: () => client.autoLink() });
}
