import { z } from 'zod';
import { baseConfigSchema, blobConfigShape, checkBlobConfig } from '@croft/service-kit';

const remoteUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { error: 'must be an http(s) URL or a path starting with /' })
  .optional();

/**
 * Gateway configuration: the common variables plus where the built site lives and remote
 * overrides. Each service's own variables (ADMIN_EMAIL, VENUE_EMAIL, ...) are its module's
 * configSchema, validated by the composition alongside this one.
 */

export const gatewayConfigSchema = baseConfigSchema(3000).extend({
  /** Folder holding dist/shell and dist/remotes/<name> (default: <workspace>/dist). */
  STATIC_DIR: z.string().optional(),
  /** Redeploy one remote elsewhere without rebuilding the shell. */
  /** The one hostname where /secretkitchens works; every other path there redirects to it. */
  SECRET_KITCHENS_HOST: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/, { error: 'must be a host name such as secretkitchens.croftcommon.co.uk' })
    .default('secretkitchens.croftcommon.co.uk'),
  REMOTE_SITE_URL: remoteUrl,
  REMOTE_COMMON_ROOM_URL: remoteUrl,
  REMOTE_LOYALTY_URL: remoteUrl,
  REMOTE_CINEMA_URL: remoteUrl,
  REMOTE_CMS_URL: remoteUrl,
  /** Uploaded files: BLOB_STORE, BLOB_DIR, BLOB_URL_SECRET (required in production), S3_*. */
  ...blobConfigShape,
}).superRefine((config, ctx) => {
  checkBlobConfig(config, ctx);
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
