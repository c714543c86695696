import { createContext, useContext } from 'react';

/** What the shell needs to know about the signed-in person (filled by the identity work). */
export interface ShellSession {
  email: string;
  roles: readonly string[];
}

export const SessionContext = createContext<ShellSession | null>(null);

export function useShellSession(): ShellSession | null {
  return useContext(SessionContext);
}
