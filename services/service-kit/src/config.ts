import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Configuration is read once at start-up from the environment and validated with zod.
 * A bad value stops start-up with a message that names every bad variable (never its value,
 * which may be a secret such as a connection string with a password).
 */
export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];

  constructor(problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const portSchema = (defaultPort: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, { error: 'must be a whole number from 0 to 65535' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'must be a whole number from 0 to 65535' })
    .default(defaultPort);

const originSchema = z
  .string()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.origin === value.replace(/\/$/, '')
        );
      } catch {
        return false;
      }
    },
    { error: 'must be an origin such as https://croftcommon.co.uk (scheme and host, no path)' },
  )
  .transform((value) => new URL(value).origin);

const urlWithScheme = (schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL such as ${example}` },
  );

const mailFromSchema = z
  .string()
  .regex(/^(?:[^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
    error: 'must be an address such as "Croft Common <hello@croftcommon.co.uk>" or hello@croftcommon.co.uk',
  });

/**
 * Express's `trust proxy` setting, from TRUST_PROXY. `false` (the default) trusts nobody: the
 * client address is the TCP peer and X-Forwarded-For is ignored, so nobody can pick their own
 * address. Behind a reverse proxy set a hop count (`1`: the address the nearest proxy appended)
 * or the proxies' addresses (IPs, CIDRs, or Express's names loopback, linklocal, uniquelocal).
 */
export type TrustProxySetting = false | number | string[];

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return isIP(entry) !== 0;
  const version = isIP(entry.slice(0, slash));
  const prefix = entry.slice(slash + 1);
  return version !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const trustProxySchema = z.string().transform((value, ctx): TrustProxySetting => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        '"true" would trust every X-Forwarded-For (anyone could pick their own address and dodge rate limits); ' +
        'give the number of proxies in front (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
  } else {
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isTrustedProxyEntry)) return entries;
  }
  ctx.addIssue({
    code: 'custom',
    message: `must be false, a number of proxy hops from 1 to ${MAX_PROXY_HOPS}, or a comma-separated list of proxy IPs, CIDRs or loopback, linklocal, uniquelocal`,
  });
  return z.NEVER;
});

/**
 * The variables every service understands. Services extend the shape with their own:
 * `baseConfigSchema(3101).extend({ MY_VAR: z.string() })`.
 */
/** A setting that must be an absolute http(s) URL; `example` goes into the error message. */
export function httpUrlSetting(example: string) {
  return z.string().refine(
    (value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL such as ${example}` },
  );
}

export function baseConfigSchema(defaultPort: number) {
  return z.object({
    PORT: portSchema(defaultPort),
    PUBLIC_ORIGIN: originSchema.default('http://localhost:3000'),
    MONGODB_URI: urlWithScheme(['mongodb:', 'mongodb+srv:'], 'mongodb://127.0.0.1:27017').optional(),
    MONGODB_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: 'must be 1-63 letters, digits, "_" or "-"' })
      .default('croft'),
    SMTP_URL: urlWithScheme(['smtp:', 'smtps:'], 'smtp://127.0.0.1:1025').default('smtp://127.0.0.1:1025'),
    MAIL_FROM: mailFromSchema.default('Croft Common <hello@croftcommon.local>'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    EMBEDDED_MONGO_DATA: z.string().optional(),
    HOST: z.string().regex(/^[0-9A-Za-z.:-]+$/, { error: 'must be a host name or IP address' }).default('127.0.0.1'),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' })
      .default('development'),
    /** Reverse proxies whose X-Forwarded-For is believed (default: none). See TrustProxySetting. */
    TRUST_PROXY: trustProxySchema.default(false),
  });
}

export type BaseConfig = z.infer<ReturnType<typeof baseConfigSchema>>;

/**
 * Validates the environment against `schema`. Empty strings count as unset, so `FOO=` falls
 * back to the default. Throws ConfigError listing each bad variable.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    variable: issue.path.length ? issue.path.map(String).join('.') : '(environment)',
    message:
      issue.path.length === 1 && input[String(issue.path[0])] === undefined && issue.code === 'invalid_type'
        ? 'is required'
        : issue.message,
  }));
  throw new ConfigError(problems);
}

/**
 * For main files: load the config or print the problems and exit with status 1.
 */
export function loadConfigOrExit<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  try {
    return loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
