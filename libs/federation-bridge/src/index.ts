/**
 * How the shell and remotes load what other remotes expose, without importing them and without
 * knowing where they live: one loader (loader.ts) and one failure UI (remote-module.tsx) for
 * routes, dialogs and overlays. A shared singleton: host and remotes see the same loader.
 */
export {
  loadRemoteModule,
  provideRemoteLoader,
  resetRemote,
  NoFederationHostError,
  RemoteLoadError,
  type ExposedModule,
  type RemoteHost,
  type RemoteModuleShapes,
} from './loader';
export {
  RemoteDialog,
  RemoteModule,
  RemoteUnavailable,
  type RemoteDialogId,
  type RemoteModuleProps,
  type RemoteUnavailableProps,
} from './remote-module';
