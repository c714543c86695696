import { useEffect, useState } from 'react';
import { getSessionClient } from './shared-client';
import type { Session } from './session-client';

/** The page's signed-in session (null when signed out), kept current as people sign in and out. */
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
