import { createContext, useContext, type ReactNode } from 'react';
import { createEditingClient, type EditingClient } from './editing-client';

const defaultClient = createEditingClient();
const EditingClientContext = createContext<EditingClient>(defaultClient);

/** Hands the editing features a client (tests and stories pass one with a stand-in token). */
export function EditingClientProvider({ client, children }: { client?: EditingClient; children: ReactNode }) {
  return <EditingClientContext.Provider value={client ?? defaultClient}>{children}</EditingClientContext.Provider>;
}

/** The editing client: the page's (signed-in session's) unless a provider gave another. */
export const useEditingClient = () => useContext(EditingClientContext);
