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
  /**
   * QA: origins the composed site may load a remote from instead (`?remote.cinema=<url>`),
   * comma-separated http(s) origins. Unset (the default, production included): no override.
   */
  REMOTE_OVERRIDE_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
      for (const origin of origins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {
          parsed = undefined;
        }
        if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as https://qa.croftcommon.co.uk` });
        }
      }
      return origins;
    }),
  /** Uploaded files: BLOB_STORE, BLOB_DIR, BLOB_URL_SECRET (required in production), S3_*. */
  ...blobConfigShape,
}).superRefine((config, ctx) => {
  checkBlobConfig(config, ctx);
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
