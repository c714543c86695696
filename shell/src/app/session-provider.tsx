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
  useEffect(() => client.onAuthStateChange((_event, next) => setSession(toShellSession(next))), [client]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
