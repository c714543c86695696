import { useEffect, useState } from 'react';
// Imported through the package name, never a relative path: bundled into a remote from this
// subpath, it must reach the page's one shared session client (the federation singleton).
// eslint-disable-next-line @nx/enforce-module-boundaries -- the singleton, on purpose (see above)
import { getSessionClient, type Session } from '@croft/session';

/**
 * @croft/session/react: kept out of the shared index (bundled whole into every visitor's first
 * load), since only member and staff screens follow the session.
 *
 * The page's signed-in session (null when signed out), kept current as people sign in and out. */
export function useSession(): Session | null {
  const client = getSessionClient();
  const [session, setSession] = useState<Session | null>(() => client.getSession());
  useEffect(() => {
    const unsubscribe = client.onAuthStateChange((_event, next) => setSession(next));
    // A change between the first render and this subscription would otherwise be missed.
    setSession(client.getSession());
    return unsubscribe;
  }, [client]);
  return session;
}
