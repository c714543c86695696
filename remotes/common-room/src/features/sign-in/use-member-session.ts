import { useEffect, useState } from 'react';
import { getSessionClient, type Session } from '@croft/session';

/** The signed-in session from the page's shared session client, kept current. */
export function useMemberSession(): Session | null {
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
