import { z } from 'zod';
import { canonicalEmail, isPlainEmail } from '@croft/contracts';
import { baseConfigSchema } from '@croft/service-kit';
import { DEFAULT_LIMITS } from './domain/limits';

export const IDENTITY_DEFAULT_PORT = 3102;

const list = (valid: (item: string) => boolean, what: string) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((items) => items.every(valid), { error: `must be a comma-separated list of ${what}` });

const secret = z.string().min(32, { error: 'must be at least 32 characters' });

/** Environment of the identity service (on top of the common variables). */
export const identityConfigSchema = baseConfigSchema(IDENTITY_DEFAULT_PORT)
  .extend({
    /** Seeded as an admin on every start (roles are data; this only adds). */
    ADMIN_EMAIL: z
      .string()
      .transform((value, ctx) => canonicalEmail(value) ?? (ctx.addIssue({ code: 'custom', message: 'must be an email address' }), z.NEVER))
      .optional(),
    /** Keyed-hash secret for emailed codes. Required in production; random per start otherwise. */
    CODE_PEPPER: secret.optional(),
    /** Encrypts the stored signing keys and TOTP secrets. Required in production. */
    KEY_ENCRYPTION_SECRET: secret.optional(),
    /** Staff domains for is_email_domain_allowed, e.g. croftcommon.co.uk */
    STAFF_DOMAINS: list((domain) => isPlainEmail(`staff@${domain}`), 'domains').default(['croftcommon.co.uk']),
    /** Emails allowed into Secret Kitchens (seeded into secret_kitchen_access). */
    SECRET_KITCHEN_EMAILS: list(isPlainEmail, 'email addresses'),
    /**
     * Sign-in codes one connection may ask for per 15 minutes (default 20): raise it where many
     * people share one address (a venue's own Wi-Fi, a test run).
     */
    IDENTITY_CODES_PER_IP: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(100_000, { error: 'must be at most 100000' })
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    for (const key of ['CODE_PEPPER', 'KEY_ENCRYPTION_SECRET'] as const) {
      if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** The service's settings from its environment variables (standalone main and the gateway alike). */
export function identityServiceConfig(
  env: Pick<IdentityConfig, 'PUBLIC_ORIGIN' | 'ADMIN_EMAIL' | 'CODE_PEPPER' | 'KEY_ENCRYPTION_SECRET' | 'STAFF_DOMAINS' | 'SECRET_KITCHEN_EMAILS'> &
    Partial<Pick<IdentityConfig, 'IDENTITY_CODES_PER_IP'>>,
) {
  return {
    publicOrigin: env.PUBLIC_ORIGIN,
    adminEmail: env.ADMIN_EMAIL,
    codePepper: env.CODE_PEPPER,
    keyEncryptionSecret: env.KEY_ENCRYPTION_SECRET,
    staffDomains: env.STAFF_DOMAINS,
    secretKitchenEmails: env.SECRET_KITCHEN_EMAILS,
    ...(env.IDENTITY_CODES_PER_IP ? { limits: { codesPerIp: { ...DEFAULT_LIMITS.codesPerIp, limit: env.IDENTITY_CODES_PER_IP } } } : {}),
  };
}
