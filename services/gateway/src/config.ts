import { z } from 'zod';
import { baseConfigSchema } from '@croft/service-kit';
import { newsletterConfigSchema } from '@croft/newsletter-service';

const remoteUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { error: 'must be an http(s) URL or a path starting with /' })
  .optional();

/** Gateway configuration: the common variables plus where the built site lives and remote overrides. */
export const gatewayConfigSchema = baseConfigSchema(3000).extend({
  /** The mailto address in the newsletter's List-Unsubscribe header. */
  UNSUBSCRIBE_MAILTO: newsletterConfigSchema.shape.UNSUBSCRIBE_MAILTO,
  /** Folder holding dist/shell and dist/remotes/<name> (default: <workspace>/dist). */
  STATIC_DIR: z.string().optional(),
  /** Redeploy one remote elsewhere without rebuilding the shell. */
  REMOTE_SITE_URL: remoteUrl,
  REMOTE_COMMON_ROOM_URL: remoteUrl,
  REMOTE_LOYALTY_URL: remoteUrl,
  REMOTE_CINEMA_URL: remoteUrl,
  REMOTE_CMS_URL: remoteUrl,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
