import type { AuditLog, Clock, Logger, Mailer } from '@croft/service-kit';
import type { IdentityModels } from '../data';
import { createAccessLists } from './access-lists';
import type { Counters } from './counters';
import { createEmailCodes } from './email-codes';
import { createFactors } from './factors';
import type { GateUnlocks } from './gate-unlocks';
import type { KeyRing } from './key-ring';
import { createPeople } from './people';
import type { IdentityLimits } from './limits';
import type { SecretBox } from './secrets';
import { createSessions } from './sessions';

// Identity's sign-in domain, split by concern: email-codes.ts (sign-in codes), sessions.ts
// (sessions and tokens), factors.ts (TOTP), access-lists.ts (staff domains, Secret Kitchens,
// roles, pending grants, RPC limit) and people.ts (staff roles at /admin/people). This file
// composes them into the one `Auth` the routes and passkeys use.
export { DEFAULT_LIMITS, type IdentityLimits } from './limits';
export { CODE_EMAIL_SUBJECT, DEFAULT_TOTP_ISSUER, MESSAGES } from './messages';
export type { AuthContext, IssuedSession } from './sessions';

export interface AuthDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  keys: KeyRing;
  counters: Counters;
  box: SecretBox;
  codePepper: string;
  adminEmail?: string;
  limits: IdentityLimits;
  /** Identity's audit log (role grants and revocations). */
  audit: Pick<AuditLog, 'record'>;
  /** Live newsletter membership (active subscribers may make their account with a create_user false code). */
  isActiveSubscriber?: (email: string) => Promise<boolean>;
  /** Records a member's code sign-in as an 'email' gate unlock (staff analytics). */
  gateUnlocks?: Pick<GateUnlocks, 'record'>;
}

export function createAuth(deps: AuthDeps) {
  const { models, clock, logger, mailer, keys, counters, box, codePepper, adminEmail, limits, audit, isActiveSubscriber, gateUnlocks } = deps;
  const accessLists = createAccessLists({ models, counters, clock, adminEmail, limits });
  const sessions = createSessions({ models, clock, logger, keys, accessLists, limits });
  const codes = createEmailCodes({ models, clock, logger, mailer, counters, codePepper, accessLists, sessions, limits, isActiveSubscriber, gateUnlocks });
  const factors = createFactors({ models, clock, logger, counters, box, sessions, limits });
  const people = createPeople({ models, clock, logger, counters, accessLists, adminEmail, audit, limits });

  return {
    // sessions.ts
    userView: sessions.userView,
    signInWithPasskey: sessions.signInWithPasskey,
    refresh: sessions.refresh,
    sessionFromRefreshToken: sessions.sessionFromRefreshToken,
    authenticate: sessions.authenticate,
    currentUser: sessions.currentUser,
    logout: sessions.logout,
    sessionOfRefreshToken: sessions.sessionOfRefreshToken,
    // email-codes.ts
    sendCode: codes.sendCode,
    verifyCode: codes.verifyCode,
    // factors.ts
    enrollFactor: factors.enrollFactor,
    challengeFactor: factors.challengeFactor,
    verifyFactor: factors.verifyFactor,
    deleteFactor: factors.deleteFactor,
    // access-lists.ts
    isEmailDomainAllowed: accessLists.isEmailDomainAllowed,
    secretKitchenAccess: accessLists.secretKitchenAccess,
    rpcAllowed: accessLists.rpcAllowed,
    // people.ts (staff roles at /admin/people)
    people,
  };
}

export type Auth = ReturnType<typeof createAuth>;
