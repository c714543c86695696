import { z } from 'zod';
import { baseConfigSchema, blobConfigShape, checkBlobConfig } from '@croft/service-kit';
import { remoteUrlShape } from './manifest';

/**
 * Gateway configuration: the common variables plus where the built site lives and remote
 * overrides. Each service's own variables (ADMIN_EMAIL, VENUE_EMAIL, ...) are its module's
 * configSchema, validated by the composition alongside this one.
 */

export const gatewayConfigSchema = baseConfigSchema(3000).extend({
  /** Folder holding dist/shell and dist/remotes/<name> (default: <workspace>/dist). */
  STATIC_DIR: z.string().optional(),
  /** The one hostname where /secretkitchens works; every other path there redirects to it. */
  SECRET_KITCHENS_HOST: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/, { error: 'must be a host name such as secretkitchens.croftcommon.co.uk' })
    .default('secretkitchens.croftcommon.co.uk'),
  /** Redeploy one remote elsewhere without rebuilding the shell: REMOTE_<NAME>_URL per registered remote. */
  ...remoteUrlShape,
  /** Uploaded files: BLOB_STORE, BLOB_DIR, BLOB_URL_SECRET (required in production), S3_*. */
  ...blobConfigShape,
}).superRefine((config, ctx) => {
  checkBlobConfig(config, ctx);
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
