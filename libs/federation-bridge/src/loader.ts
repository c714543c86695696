/**
 * The one loader for modules that remotes expose: the shell's routes and editing overlay and the
 * site's federated dialogs all load through it. The host (the shell, which read the runtime
 * manifest) provides the federation runtime; everything else asks for modules by id
 * ('loyalty/LoyaltyCard'). This module is a shared singleton, so host and remotes share the
 * loader, its cache and its once-per-remote logging.
 */
import type { ComponentType } from 'react';
import {
  kindOfModule,
  remoteOfModule,
  type ExposedModuleId,
  type ExposedModuleKind,
  type RemoteModuleProps,
  type RemoteName,
} from '@croft/contracts/remotes';

/** What each kind of exposed module exports (kinds and props are declared in the registry). */
export interface RemoteModuleShapes {
  routes: { routes: Record<string, ComponentType> };
  dialog: { default: ComponentType<RemoteModuleProps['dialog']> };
  component: { default: ComponentType };
  admin: { default: ComponentType<RemoteModuleProps['admin']> };
}
export type ExposedModule<Id extends ExposedModuleId> = RemoteModuleShapes[ExposedModuleKind<Id>];

/** What the host provides: the federation runtime's load, and a way to forget a failed remote. */
export interface RemoteHost {
  load: (id: string) => Promise<unknown>;
  /** Forget a remote's entry script so the next load fetches it again (Retry). */
  reset?: (remote: RemoteName) => void;
}

let host: RemoteHost | null = null;

export function provideRemoteLoader(next: RemoteHost): void {
  host = next;
}

export class NoFederationHostError extends Error {
  constructor(id: string) {
    super(`No federation host is running to load ${id}`);
    this.name = 'NoFederationHostError';
  }
}

/** A remote module that could not be loaded; already logged once by the loader. */
export class RemoteLoadError extends Error {
  readonly remote: RemoteName;
  constructor(
    readonly id: ExposedModuleId,
    readonly cause: unknown,
  ) {
    super(`Remote module "${id}" could not be loaded`);
    this.name = 'RemoteLoadError';
    this.remote = remoteOfModule(id);
  }
}

function isComponent(value: unknown): boolean {
  // Function components and classes, or React's wrapper objects (lazy, memo, forwardRef).
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

function hasShape(kind: keyof RemoteModuleShapes, mod: unknown): boolean {
  if (typeof mod !== 'object' || mod === null) return false;
  if (kind === 'routes') {
    const routes = (mod as { routes?: unknown }).routes;
    return typeof routes === 'object' && routes !== null;
  }
  return isComponent((mod as { default?: unknown }).default);
}

const pending = new Map<ExposedModuleId, Promise<unknown>>();
const loggedFailures = new Set<RemoteName>();

/**
 * Loads one exposed module, once. Its shape is checked against its kind in the registry. A
 * failure stays cached (React, re-rendering to show the error, must not start a new load in a
 * loop) until `resetRemote` clears it for a Retry. Failures are logged once per remote and
 * surface as RemoteLoadError.
 */
export function loadRemoteModule<Id extends ExposedModuleId>(id: Id): Promise<ExposedModule<Id>> {
  const existing = pending.get(id);
  if (existing) return existing as Promise<ExposedModule<Id>>;
  const remote = remoteOfModule(id);
  const promise = (async () => {
    const kind = kindOfModule(id);
    if (!host) throw new NoFederationHostError(id);
    const mod = await host.load(id);
    if (!hasShape(kind, mod)) throw new Error(`${id} does not export a valid ${kind} module`);
    return mod as ExposedModule<Id>;
  })().then(
    (mod) => {
      loggedFailures.delete(remote);
      return mod;
    },
    (error: unknown) => {
      if (!loggedFailures.has(remote)) {
        loggedFailures.add(remote);
        console.error(`[federation] remote "${remote}" failed to load`, error);
      }
      throw new RemoteLoadError(id, error);
    },
  );
  pending.set(id, promise);
  return promise;
}

/** Forget a remote's modules (failed or not) so its entry script is fetched again on the next load. */
export function resetRemote(remote: RemoteName): void {
  for (const id of [...pending.keys()]) if (remoteOfModule(id) === remote) pending.delete(id);
  host?.reset?.(remote);
}
