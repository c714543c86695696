import { randomBytes, randomUUID } from 'node:crypto';
import type { RequestHandler, Router } from 'express';
import type { Connection } from 'mongoose';
import type { JSONWebKeySet } from 'jose';
import { createAuditLog, isHttpsOrigin, silentLogger, systemClock, type AuditLog, type Clock, type Logger, type Mailer } from '@croft/service-kit';
import type { AccessTokenClaims } from '@croft/contracts';
import { identityModels, type IdentityModels } from './data';
import { createAuth, DEFAULT_LIMITS, type IdentityLimits } from './domain/auth';
import { createCounters } from './domain/counters';
import { createKeyRing } from './domain/key-ring';
import { createGateUnlocks } from './domain/gate-unlocks';
import { createMembership } from './domain/membership';
import { createPasskeys, relyingPartyFrom } from './domain/passkeys';
import { secretBox } from './domain/secrets';
import { identityRoutes } from './http/identity-routes';
import { identityIssuer, requireAuthWith, type RequireAuthOptions } from './http/require-auth';

export const REFRESH_COOKIE_NAME = 'cc_refresh';

export interface IdentityServiceConfig {
  /** PUBLIC_ORIGIN: the token issuer is `${publicOrigin}/api/identity`; https → Secure cookie. */
  publicOrigin: string;
  /** ADMIN_EMAIL: seeded with the admin role. */
  adminEmail?: string;
  /** CODE_PEPPER: key for the code hashes. Missing → random per process (warned; dev only). */
  codePepper?: string;
  /** KEY_ENCRYPTION_SECRET: seals signing keys and TOTP secrets at rest. Missing → stored as is (warned). */
  keyEncryptionSecret?: string;
  /** STAFF_DOMAINS, seeded into allowed_domains. */
  staffDomains?: readonly string[];
  /** SECRET_KITCHEN_EMAILS, seeded into secret_kitchen_access. */
  secretKitchenEmails?: readonly string[];
  /** Refresh cookie name and path (defaults cc_refresh, /api/identity). */
  cookieName?: string;
  cookiePath?: string;
  limits?: Partial<IdentityLimits>;
}

export interface IdentityServiceOptions {
  /** The service's own mongoose connection. */
  db: Connection;
  mailer: Mailer;
  clock?: Clock;
  logger?: Logger;
  config: IdentityServiceConfig;
  /** Live membership (active newsletter subscriber), asked on every GET /user, membership link and passkey session; never stored. */
  isActiveSubscriber: (email: string) => Promise<boolean>;
}

export interface IdentityService {
  /** Mount at /api/identity. */
  router: Router;
  /** Verifies an access token with the service's own keys (signature, issuer, audience, expiry). */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  /** Middleware for other routers in the same process (see requireAuthWith for other processes). */
  requireAuth(options?: RequireAuthOptions): RequestHandler;
  /** The published key set (what GET /.well-known/jwks.json answers). */
  jwks(): Promise<JSONWebKeySet>;
  /** Signing key, admin from ADMIN_EMAIL, staff domains, Secret Kitchens list. Idempotent; only adds. */
  seed(): Promise<{ adminEmail?: string; domains: number; secretKitchenEmails: number }>;
  /** Starts signing with a new key; the previous one stays published. Returns the new kid. */
  rotateSigningKey(): Promise<string>;
  issuer: string;
  models: IdentityModels;
  /** Identity's audit events (role grants and revocations). */
  audit: AuditLog;
  /** Members' gates opened in [from, to), by how membership was proved (staff analytics; see domain/gate-unlocks.ts). */
  gateUnlockStats(window: { from: Date; to: Date }): Promise<{ passkey: number; link: number; email: number }>;
}

export function createIdentityService(options: IdentityServiceOptions): IdentityService {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger();
  const { config } = options;
  const models = identityModels(options.db);
  const issuer = identityIssuer(config.publicOrigin);
  const limits: IdentityLimits = { ...DEFAULT_LIMITS, ...config.limits };

  let codePepper = config.codePepper;
  if (!codePepper) {
    codePepper = randomBytes(32).toString('base64url');
    logger.warn('CODE_PEPPER is not set: using a random pepper for this process (codes die with a restart). Set it in production.');
  }
  const box = secretBox(config.keyEncryptionSecret);
  if (!box.encrypting) {
    logger.warn('KEY_ENCRYPTION_SECRET is not set: signing keys and TOTP secrets are stored unencrypted. Set it in production.');
  }
  const keys = createKeyRing({ model: models.signingKey, box, clock, logger, issuer });
  const counters = createCounters(models.counter, clock);
  const audit = createAuditLog(options.db, 'identity', { clock });
  const gateUnlocks = createGateUnlocks({ models, clock, logger });
  const auth = createAuth({
    models,
    clock,
    logger,
    mailer: options.mailer,
    keys,
    counters,
    box,
    codePepper,
    adminEmail: config.adminEmail?.toLowerCase(),
    limits,
    audit,
    isActiveSubscriber: options.isActiveSubscriber,
    gateUnlocks,
  });

  const membership = createMembership({
    models,
    clock,
    logger,
    mailer: options.mailer,
    counters,
    codePepper,
    isActiveSubscriber: options.isActiveSubscriber,
    gateUnlocks,
    limits,
  });
  const passkeys = createPasskeys({
    models,
    clock,
    logger,
    counters,
    auth,
    membership,
    rp: relyingPartyFrom(config.publicOrigin),
    perIp: limits.webauthnPerIp,
    gateUnlocks,
  });

  const router = identityRoutes({
    passkeys,
    membership,
    auth,
    keys,
    clock,
    logger,
    isActiveSubscriber: options.isActiveSubscriber,
    audit,
    cookie: {
      name: config.cookieName ?? REFRESH_COOKIE_NAME,
      path: config.cookiePath ?? '/api/identity',
      secure: isHttpsOrigin(config.publicOrigin),
    },
  });

  const verifyAccessToken = (token: string) => keys.verify(token);

  return {
    router,
    verifyAccessToken,
    requireAuth: (requireOptions) => requireAuthWith(verifyAccessToken, requireOptions),
    jwks: () => keys.jwks(),
    rotateSigningKey: () => keys.rotate(),
    issuer,
    models,
    audit,
    gateUnlockStats: (window) => gateUnlocks.stats(window),
    async seed() {
      await keys.ready();
      const at = clock.now();
      const adminEmail = config.adminEmail?.toLowerCase();
      if (adminEmail) {
        // ADMIN_EMAIL is always an admin: re-asserted on every start (a role removed in the
        // database comes back), and recorded when this start is what gave it.
        const before = await models.user
          .findOneAndUpdate(
            { email: adminEmail },
            { $setOnInsert: { _id: randomUUID(), email: adminEmail, created_at: at, updated_at: at }, $addToSet: { roles: 'admin' } },
            { upsert: true, returnDocument: 'before' },
          )
          .lean();
        // A pending grant for the address (given before it became ADMIN_EMAIL) joins the account.
        const grant = await models.roleGrant.findOneAndDelete({ _id: adminEmail }).lean();
        if (grant && grant.roles.length > 0) {
          await models.user.updateOne({ email: adminEmail }, { $addToSet: { roles: { $each: grant.roles } } });
        }
        if (!before?.roles?.includes('admin')) {
          await audit.record({ actor: null, action: 'role.granted', target: adminEmail, detail: 'admin granted (ADMIN_EMAIL)' });
        }
      }
      const domains = [...new Set((config.staffDomains ?? []).map((d) => d.toLowerCase()))];
      for (const domain of domains) {
        await models.allowedDomain.updateOne({ _id: domain }, { $setOnInsert: { created_at: at } }, { upsert: true });
      }
      const emails = [...new Set((config.secretKitchenEmails ?? []).map((e) => e.toLowerCase()))];
      for (const email of emails) {
        await models.secretKitchenAccess.updateOne(
          { _id: email },
          { $setOnInsert: { has_access: true, created_at: at } },
          { upsert: true },
        );
        // Invited partners get their account up front: Secret Kitchens sign-in never creates one.
        await models.user.updateOne(
          { email },
          { $setOnInsert: { _id: randomUUID(), email, roles: [], created_at: at, updated_at: at } },
          { upsert: true },
        );
      }
      logger.info({ admin: Boolean(adminEmail), domains: domains.length, secretKitchenEmails: emails.length }, 'identity seeded');
      return { adminEmail, domains: domains.length, secretKitchenEmails: emails.length };
    },
  };
}
