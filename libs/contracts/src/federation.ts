import * as z from 'zod/mini';
import { REMOTE_NAMES } from './remotes';

/**
 * The runtime manifest the gateway serves at /mf-manifest.json: where each remote's
 * remoteEntry.js lives. Redeploying one remote means changing its entry here, not
 * rebuilding the shell.
 */
export const remoteManifestSchema = z.strictObject({
  remotes: z.record(z.enum(REMOTE_NAMES), z.string().check(z.minLength(1))),
});
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;
