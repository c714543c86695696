/**
 * How a remote loads another remote at run time (the site opening the loyalty card) without
 * importing it and without knowing where it lives: the host (the shell, which read the runtime
 * manifest) provides a loader; remotes ask it for modules by federation id ('loyalty/LoyaltyCard').
 * This module is a shared singleton, so host and remotes see the same loader.
 */
export type RemoteModuleLoader = (id: string) => Promise<unknown>;

let loader: RemoteModuleLoader | null = null;

export function provideRemoteLoader(next: RemoteModuleLoader): void {
  loader = next;
}

export class NoFederationHostError extends Error {
  constructor(id: string) {
    super(`No federation host is running to load ${id}`);
    this.name = 'NoFederationHostError';
  }
}

export function loadFederatedModule(id: string): Promise<unknown> {
  if (!loader) return Promise.reject(new NoFederationHostError(id));
  return loader(id);
}
