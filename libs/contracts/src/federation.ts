import { z } from 'zod';
import { REMOTE_NAMES } from './constants';

/**
 * The runtime manifest the gateway serves at /mf-manifest.json: where each remote's
 * remoteEntry.js lives. Redeploying one remote means changing its entry here, not
 * rebuilding the shell.
 */
export const remoteManifestSchema = z.object({
  remotes: z.record(z.enum(REMOTE_NAMES), z.string().min(1)),
}).strict();
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;
