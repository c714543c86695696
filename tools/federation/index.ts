/**
 * The commands that build and serve a remote, for the Nx targets (tools/nx-plugin) and
 * `npm run dev`: one rspack config for every remote, told which one by `--env remote=<folder>`.
 */
export const REMOTE_RSPACK_CONFIG = 'tools/federation/remote.rspack.config.mjs';

export type RemoteAction = 'build' | 'serve' | 'build-standalone';

/** rspack's arguments for one remote (run from the workspace root). */
export function remoteRspackArgs(folder: string, action: RemoteAction): string[] {
  const mode = action === 'serve' ? 'development' : 'production';
  const args = [action === 'serve' ? 'serve' : 'build', '-c', REMOTE_RSPACK_CONFIG, '--mode', mode, '--env', `remote=${folder}`];
  return action === 'build-standalone' ? [...args, '--env', 'standalone'] : args;
}
