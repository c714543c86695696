import { getSessionClient } from './shared-client';
import type { Session } from './session-client';

/** Signs the page's session out, ignoring a failure (nothing to sign out, no service in a story). */
export async function signOutQuietly(): Promise<void> {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
}

/**
 * A Storybook `beforeEach` (or test set-up) that signs `session` in for the story and signs it out
 * afterwards, so one story's member or staff session never leaks into the next.
 */
export function signedInFor(session: Session): () => () => Promise<void> {
  return () => {
    getSessionClient().setSession(session);
    return signOutQuietly;
  };
}
