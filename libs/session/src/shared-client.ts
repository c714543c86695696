import { createSessionClient, type SessionClient } from './session-client';

/** Set while this browser has a refresh cookie worth trying, so anonymous visits skip the call. */
export const SESSION_HINT_KEY = 'cc.session.present';

let shared: SessionClient | null = null;

function hintStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The page's one session client. @croft/session is a federation shared singleton, so the shell
 * and every remote get this same instance: a sign-in in the common-room remote is seen by the
 * shell's Member menu at once.
 */
export function getSessionClient(): SessionClient {
  if (!shared) {
    shared = createSessionClient();
    shared.onAuthStateChange((_event, session) => {
      const storage = hintStorage();
      if (!storage) return;
      if (session) storage.setItem(SESSION_HINT_KEY, '1');
      else storage.removeItem(SESSION_HINT_KEY);
    });
  }
  return shared;
}

/**
 * On page load: restore a session from the refresh cookie, only if this browser signed in before.
 * The hint is forgotten only when the identity service says the session ended, never because it
 * could not be reached.
 */
export async function restoreSession(): Promise<void> {
  if (hintStorage()?.getItem(SESSION_HINT_KEY) !== '1') return;
  const client = getSessionClient();
  let restored;
  try {
    restored = await client.restore();
  } catch {
    return;
  }
  if (!restored) hintStorage()?.removeItem(SESSION_HINT_KEY);
}
