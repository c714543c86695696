import { useEffect, useState, type ReactNode } from 'react';
import { getSessionClient, type Session } from '@croft/session';
import { SessionContext, type ShellSession } from './session-context';

function toShellSession(session: Session | null): ShellSession | null {
  return session ? { email: session.user.email, roles: session.user.roles } : null;
}

/** Keeps the shell's view of who is signed in in step with the shared session client. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = getSessionClient();
  const [session, setSession] = useState<ShellSession | null>(() => toShellSession(client.getSession()));
  useEffect(() => {
    const unsubscribe = client.onAuthStateChange((_event, next) => setSession(toShellSession(next)));
    // Catch up with a change that happened between the first render and this subscription (the
    // first render is a transition, and restoring a session from the cookie can be quicker).
    setSession(toShellSession(client.getSession()));
    return unsubscribe;
  }, [client]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
