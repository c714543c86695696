import * as z from 'zod/mini';
import { REMOTE_NAMES } from './remotes';

/**
 * The runtime manifest the gateway serves at /mf-manifest.json: where each remote's
 * remoteEntry.js lives. Redeploying one remote means changing its entry here, not
 * rebuilding the shell.
 */
export const remoteManifestSchema = z.strictObject({
  remotes: z.record(z.enum(REMOTE_NAMES), z.string().check(z.minLength(1))),
  /**
   * QA only: origins a tester may point one remote at with `?remote.<name>=<url>` on the composed
   * site (the gateway's REMOTE_OVERRIDE_ORIGINS). Absent (the default, production included): no
   * override is honoured.
   */
  qaOverrideOrigins: z.optional(z.array(z.string())),
});
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

/** The query parameter prefix QA uses to load one remote from another build: `?remote.cinema=<url>`. */
export const REMOTE_OVERRIDE_PARAM_PREFIX = 'remote.';
