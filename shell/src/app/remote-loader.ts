import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { provideRemoteLoader } from '@croft/federation-bridge';
import type { RemoteLocations } from './remote-manifest';

/**
 * Registers every remote from the runtime manifest with the federation runtime and provides it
 * to the one remote-module loader (@croft/federation-bridge), which the shell's routes and
 * overlay and the remotes' federated dialogs all use. Retry re-registers a remote's entry.
 */
export function registerRemoteLocations(locations: RemoteLocations): void {
  registerRemotes(Object.entries(locations).map(([name, entry]) => ({ name, entry })));
  provideRemoteLoader({
    load: (id) => loadRemote(id),
    reset: (remote) => registerRemotes([{ name: remote, entry: locations[remote] }], { force: true }),
  });
}
