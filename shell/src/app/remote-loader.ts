import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { provideRemoteLoader } from '@croft/federation-bridge';
import type { RemoteLocations } from './remote-manifest';
import { afterNextFrame } from './next-task';

/**
 * A remote's entry script is evaluated in the task it arrived in, and the runtime then starts its
 * container and asks it for the first module (its chunks and styles) in microtasks of that same
 * task: one ~60 ms task on a 4× slowed phone for the site's entry. This plugin lets the browser
 * paint a frame and run input between the three steps (each a task of its own, after a frame:
 * afterNextFrame); a remote already started is not started again, so only its first load takes
 * the two extra turns (up to a frame each).
 */
export const yieldAroundContainerStart: ModuleFederationRuntimePlugin = {
  name: 'croft-yield-around-container-start',
  async beforeInitContainer(args) {
    await afterNextFrame();
    return args;
  },
  async initContainer(args) {
    await afterNextFrame();
    return args;
  },
};

/**
 * Registers every remote from the runtime manifest with the federation runtime and provides it
 * to the one remote-module loader (@croft/federation-bridge), which the shell's routes and
 * overlay and the remotes' federated dialogs all use. Retry re-registers a remote's entry.
 */
export function registerRemoteLocations(locations: RemoteLocations): void {
  registerPlugins([yieldAroundContainerStart]);
  registerRemotes(Object.entries(locations).map(([name, entry]) => ({ name, entry })));
  provideRemoteLoader({
    load: (id) => loadRemote(id),
    reset: (remote) => registerRemotes([{ name: remote, entry: locations[remote] }], { force: true }),
  });
}
