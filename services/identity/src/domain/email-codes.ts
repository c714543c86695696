import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_SECONDS } from '@croft/contracts';
import type { Clock, Logger, Mailer } from '@croft/service-kit';
import type { IdentityModels } from '../data';
import type { AccessLists } from './access-lists';
import { accountFailureKey, type Counters } from './counters';
import type { GateUnlocks } from './gate-unlocks';
import { IdentityError } from './errors';
import type { IdentityLimits } from './limits';
import { CODE_EMAIL_SUBJECT, MESSAGES } from './messages';
import { generateCode, hashCode, sameHash } from './secrets';
import type { IssuedSession, Sessions } from './sessions';

export interface EmailCodeDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  counters: Counters;
  codePepper: string;
  accessLists: Pick<AccessLists, 'hasSecretKitchenAccess' | 'isInvitedStaff'>;
  sessions: Pick<Sessions, 'findOrCreateUser' | 'openSession'>;
  /**
   * Live newsletter membership: an active subscriber has signed up (spec: members are active
   * subscribers), so a create_user false sign-in (the loyalty card's) makes their account.
   */
  isActiveSubscriber?: (email: string) => Promise<boolean>;
  /** A member's code sign-in is recorded as an 'email' gate unlock (see gate-unlocks.ts). */
  gateUnlocks?: Pick<GateUnlocks, 'record'>;
  limits: Pick<IdentityLimits, 'codesPerEmail' | 'codesPerIp' | 'verificationsPerIp' | 'failuresPerAccount' | 'sessionMaxMs'>;
}

/** Sign-in codes by email: sending (limits, Secret Kitchens and create_user rules, invited staff) and verifying. */
export function createEmailCodes(deps: EmailCodeDeps) {
  const { models, clock, logger, mailer, counters, accessLists, sessions, limits } = deps;
  const now = () => clock.now();

  /** May a create_user false sign-in make this address's account? Invited staff and active subscribers. */
  async function mayJoin(email: string): Promise<boolean> {
    if (await accessLists.isInvitedStaff(email)) return true;
    if (!deps.isActiveSubscriber) return false;
    try {
      return await deps.isActiveSubscriber(email);
    } catch (error) {
      logger.warn({ err: error }, 'membership lookup failed; treating the address as unknown');
      return false;
    }
  }

  /** Live membership for the unlock record; a failing lookup records nothing (logged). */
  async function isMember(email: string): Promise<boolean> {
    if (!deps.isActiveSubscriber) return false;
    try {
      return await deps.isActiveSubscriber(email);
    } catch (error) {
      logger.warn({ err: error }, 'membership lookup failed; the sign-in is not recorded as a gate unlock');
      return false;
    }
  }

  /** The Secret Kitchens and create_user rules, then a fresh code by email (the limits already passed). */
  async function emailCode(input: { email: string; createUser: boolean; sessionDuration?: number }): Promise<void> {
    const { email } = input;
    if (input.sessionDuration !== undefined && !(await accessLists.hasSecretKitchenAccess(email))) {
      throw new IdentityError('secret_kitchen_access_denied', MESSAGES.secretKitchenDenied);
    }
    // create_user false signs in known accounts only; staff invited by an admin (a pending grant),
    // ADMIN_EMAIL and active newsletter subscribers count as known, so /cms/login works before
    // staff's first sign-in and a member's first loyalty sign-in makes their account.
    if (!input.createUser && !(await models.user.exists({ email })) && !(await mayJoin(email))) {
      throw new IdentityError('user_not_found', MESSAGES.userNotFound);
    }
    const code = generateCode();
    const at = now();
    const set: Record<string, unknown> = {
      code_hash: hashCode(deps.codePepper, email, code),
      created_at: at,
      expires_at: new Date(at.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
      attempts: 0,
      create_user: input.createUser,
    };
    const unset: Record<string, ''> = { used_at: '' };
    if (input.sessionDuration !== undefined) set.session_duration = input.sessionDuration;
    else unset.session_duration = '';
    await models.emailCode.updateOne({ _id: email }, { $set: set, $unset: unset }, { upsert: true });
    try {
      await mailer.send({
        to: email,
        subject: CODE_EMAIL_SUBJECT,
        text:
          `Your Croft Common sign-in code is ${code}\n\n` +
          `It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this email.\n`,
        html:
          `<p>Your Croft Common sign-in code is</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p>` +
          `<p>It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this email.</p>`,
      });
    } catch (error) {
      await models.emailCode.deleteOne({ _id: email, created_at: at });
      logger.error({ err: error }, 'sign-in code email failed');
      throw new IdentityError('email_send_failed', MESSAGES.sendFailed);
    }
  }

  return {
    /**
     * POST /otp: rate limits, Secret Kitchens and create_user rules, then a fresh code by email.
     * `email` is canonical (the contract's emailSchema). The per-IP limit counts every request (it
     * bounds probing and SMTP work); the per-address limit counts only codes that were emailed: a
     * place is reserved first and given back when no code went out (403, 404, a failed send).
     */
    async sendCode(input: { email: string; createUser: boolean; sessionDuration?: number; ip: string }): Promise<void> {
      if (!(await counters.hit(`otp-ip:${input.ip}`, limits.codesPerIp)).allowed) {
        throw new IdentityError('rate_limited', MESSAGES.rateLimited);
      }
      const sent = await counters.countOnSuccess(`otp-email:${input.email}`, limits.codesPerEmail, () => emailCode(input), (error) =>
        logger.warn({ err: error }, 'could not give back a code reservation'),
      );
      if (!sent) throw new IdentityError('rate_limited', MESSAGES.rateLimited);
    },

    /** POST /verify: checks the code (single use, 5 attempts, 10 minutes) and opens a session. */
    async verifyCode(input: { email: string; token: string; ip: string }): Promise<IssuedSession> {
      const { email } = input;
      if (!(await counters.hit(`verify-ip:${input.ip}`, limits.verificationsPerIp)).allowed) {
        throw new IdentityError('rate_limited', MESSAGES.verifyRateLimited);
      }
      const failKey = accountFailureKey(email);
      if ((await counters.current(failKey)) >= limits.failuresPerAccount.limit) {
        throw new IdentityError('too_many_failures', MESSAGES.tooManyFailures);
      }
      const fail = async (): Promise<never> => {
        await counters.hit(failKey, limits.failuresPerAccount);
        throw new IdentityError('invalid_code', MESSAGES.invalidCode);
      };
      const doc = await models.emailCode.findById(email).lean();
      if (!doc || doc.used_at) return fail();
      if (doc.expires_at.getTime() <= now().getTime()) throw new IdentityError('code_expired', MESSAGES.codeExpired);
      if (doc.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw new IdentityError('too_many_attempts', MESSAGES.tooManyAttempts);
      const claimed = await models.emailCode
        .findOneAndUpdate(
          { _id: email, code_hash: doc.code_hash, attempts: { $lt: EMAIL_CODE_MAX_ATTEMPTS }, used_at: { $exists: false } },
          { $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        )
        .lean();
      if (!claimed) {
        const latest = await models.emailCode.findById(email).lean();
        if (latest && latest.code_hash === doc.code_hash && latest.attempts >= EMAIL_CODE_MAX_ATTEMPTS && !latest.used_at) {
          throw new IdentityError('too_many_attempts', MESSAGES.tooManyAttempts);
        }
        return fail();
      }
      if (!sameHash(hashCode(deps.codePepper, email, input.token), claimed.code_hash)) return fail();
      const consumed = await models.emailCode.findOneAndUpdate(
        { _id: email, code_hash: claimed.code_hash, used_at: { $exists: false } },
        { $set: { used_at: now() } },
      );
      if (!consumed) return fail();

      const user = await sessions.findOrCreateUser(email, claimed.create_user || (await mayJoin(email)));
      if (!user) throw new IdentityError('user_not_found', MESSAGES.userNotFound);
      const lifetime = claimed.session_duration ? claimed.session_duration * 1000 : limits.sessionMaxMs;
      const issued = await sessions.openSession(user, 'otp', lifetime);
      // A member proved membership by emailed code (Secret Kitchens sign-ins are another gate).
      if (deps.gateUnlocks && !claimed.session_duration && (await isMember(email))) await deps.gateUnlocks.record('email', user._id);
      return issued;
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
