import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteLocations, RemoteName } from './remote-manifest';

/** What every remote's './Routes' module exports: route patterns (as in the shell's table) → page. */
export interface RemoteRoutesModule {
  routes: Record<string, ComponentType>;
}

/** A remote that could not be loaded; already logged once by the loader. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly cause: unknown,
  ) {
    super(`Remote "${remote}" could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

let locations: RemoteLocations | null = null;
const pending = new Map<RemoteName, Promise<RemoteRoutesModule>>();
const loggedFailures = new Set<RemoteName>();

export function registerRemoteLocations(next: RemoteLocations): void {
  locations = next;
  registerRemotes(Object.entries(next).map(([name, entry]) => ({ name, entry })));
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  if (typeof value !== 'object' || value === null) return false;
  const routes = (value as { routes?: unknown }).routes;
  return typeof routes === 'object' && routes !== null;
}

/**
 * Loads a remote's './Routes' once. A failure stays cached (so React, re-rendering to show the
 * error, does not start a new load in a loop) until `resetRemote` clears it for a Retry.
 */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  const existing = pending.get(remote);
  if (existing) return existing;
  const promise = loadRemote<unknown>(`${remote}/Routes`)
    .then((mod) => {
      if (!isRoutesModule(mod)) throw new Error(`Remote ${remote} did not expose a routes map`);
      loggedFailures.delete(remote);
      return mod;
    })
    .catch((error: unknown) => {
      if (!loggedFailures.has(remote)) {
        loggedFailures.add(remote);
        console.error(`[shell] remote "${remote}" failed to load`, error);
      }
      throw new RemoteLoadError(remote, error);
    });
  pending.set(remote, promise);
  return promise;
}

/** Forget a failed remote so its entry script is fetched again on the next load. */
export function resetRemote(remote: RemoteName): void {
  pending.delete(remote);
  if (locations) registerRemotes([{ name: remote, entry: locations[remote] }], { force: true });
}
