import { z } from 'zod';
import { baseConfigSchema, blobConfigShape, checkBlobConfig } from '@croft/service-kit';
import { newsletterConfigSchema } from '@croft/newsletter-service';
import { identityConfigSchema } from '@croft/identity-service';
import { venueConfigSchema } from '@croft/venue-service';

const remoteUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { error: 'must be an http(s) URL or a path starting with /' })
  .optional();

/** Gateway configuration: the common variables plus where the built site lives and remote overrides. */
const identity = identityConfigSchema.shape;

export const gatewayConfigSchema = baseConfigSchema(3000).extend({
  /** The mailto address in the newsletter's List-Unsubscribe header. */
  UNSUBSCRIBE_MAILTO: newsletterConfigSchema.shape.UNSUBSCRIBE_MAILTO,
  /** Identity: seeded admin, code hashing and key encryption secrets, staff and Secret Kitchens lists. */
  ADMIN_EMAIL: identity.ADMIN_EMAIL,
  CODE_PEPPER: identity.CODE_PEPPER,
  KEY_ENCRYPTION_SECRET: identity.KEY_ENCRYPTION_SECRET,
  STAFF_DOMAINS: identity.STAFF_DOMAINS,
  SECRET_KITCHEN_EMAILS: identity.SECRET_KITCHEN_EMAILS,
  /** Where booking enquiries from /book are emailed. */
  VENUE_EMAIL: venueConfigSchema.shape.VENUE_EMAIL,
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
  // Production keeps codes and keys safe across restarts; `npm start` generates local ones.
  if (config.NODE_ENV !== 'production') return;
  for (const key of ['CODE_PEPPER', 'KEY_ENCRYPTION_SECRET'] as const) {
    if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
  }
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
