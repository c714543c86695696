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
const pending = new Map<string, Promise<unknown>>();
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
 * Loads one module a remote exposes, once. A failure stays cached (so React, re-rendering to
 * show the error, does not start a new load in a loop) until `resetRemote` clears it for a Retry.
 * Failures are logged once per remote and surface as RemoteLoadError.
 */
export function loadRemoteModule<T>(remote: RemoteName, expose: string, check: (mod: unknown) => mod is T): Promise<T> {
  const key = `${remote}/${expose}`;
  const existing = pending.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const promise = loadRemote<unknown>(key)
    .then((mod) => {
      if (!check(mod)) throw new Error(`Remote ${remote} did not expose a valid ./${expose}`);
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
  pending.set(key, promise);
  return promise;
}

/** A remote's './Routes': the pages behind the shell's route patterns. */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  return loadRemoteModule(remote, 'Routes', isRoutesModule);
}

/** Forget a failed remote so its entry script is fetched again on the next load. */
export function resetRemote(remote: RemoteName): void {
  for (const key of [...pending.keys()]) if (key.startsWith(`${remote}/`)) pending.delete(key);
  if (locations) registerRemotes([{ name: remote, entry: locations[remote] }], { force: true });
}
