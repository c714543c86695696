import { canonicalEmail, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_SECONDS, type CheckMembershipResponse } from '@croft/contracts';
import { type Clock, type Logger, type Mailer } from '@croft/service-kit';
import { IdentityError } from './errors';
import type { GateUnlocks } from './gate-unlocks';
import type { IdentityModels } from '../data';
import { accountFailureKey, type Counters, type WindowLimit } from './counters';
import { generateCode, hashCode, sameHash } from './secrets';

export const LINK_EMAIL_SUBJECT = 'Your Croft Common membership code';

export const LINK_MESSAGES = {
  invalidEmail: 'Please enter a valid email.',
  notSubscribed: 'That email is not an active subscriber.',
  sendFailed: 'Could not send code. Please try again.',
  invalidCode: 'Invalid or expired code. Please try again.',
  rateLimited: 'Too many codes requested. Please wait a few minutes and try again.',
  verifyRateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  checkFailed: 'Could not check your membership right now. Please try again.',
  tooManyFailures: 'Too many failed attempts. Please try again in an hour.',
} as const;

export interface MembershipDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  counters: Counters;
  codePepper: string;
  isActiveSubscriber: (email: string) => Promise<boolean>;
  /** A successful link is recorded as a 'link' gate unlock (see gate-unlocks.ts). */
  gateUnlocks?: Pick<GateUnlocks, 'record'>;
  limits: { codesPerEmail: WindowLimit; codesPerIp: WindowLimit; verificationsPerIp: WindowLimit; failuresPerAccount: WindowLimit };
}

/** The canonical address, exactly as the sign-in schema makes it (contracts' canonicalEmail); null unless a plain address. */
export function normaliseEmail(raw: string): string | null {
  return canonicalEmail(raw);
}

/** The code hash is bound to the user handle and the email, so a code only links that pair. */
const linkHash = (pepper: string, userHandle: string, email: string, code: string) =>
  hashCode(pepper, `link\n${userHandle}\n${email}`, code);

export function createMembership(deps: MembershipDeps) {
  const { models, clock, logger, mailer, counters, limits } = deps;
  const now = () => clock.now();

  /** Live subscriber check; a failing lookup counts as not active (logged). */
  async function isActive(email: string): Promise<boolean> {
    try {
      return await deps.isActiveSubscriber(email);
    } catch (error) {
      logger.warn({ err: error }, 'membership lookup failed; answering not active');
      return false;
    }
  }

  /** linked = the handle has a link; active = its email is an active subscriber (asked live unless live: false). */
  async function status(userHandle: string, options: { live?: boolean } = {}): Promise<CheckMembershipResponse & { email?: string }> {
    const link = await models.membershipLink.findById(userHandle).lean();
    if (!link) return { linked: false, isLinked: false, linkedAndActive: false, active: false };
    const active = options.live === false ? false : await isActive(link.email);
    return { linked: true, isLinked: true, linkedAndActive: active, active, email: link.email };
  }

  /** The live subscriber check, then a fresh link code by email (the limits already passed). */
  async function emailLinkCode(userHandle: string, email: string): Promise<void> {
    let subscriber: boolean;
    try {
      subscriber = await deps.isActiveSubscriber(email);
    } catch (error) {
      logger.error({ err: error }, 'membership lookup failed during start-link');
      throw new IdentityError('membership_check_failed', LINK_MESSAGES.checkFailed);
    }
    if (!subscriber) throw new IdentityError('not_subscribed', LINK_MESSAGES.notSubscribed);
    const code = generateCode();
    const at = now();
    await models.linkCode.updateOne(
      { _id: userHandle },
      {
        $set: {
          email,
          code_hash: linkHash(deps.codePepper, userHandle, email, code),
          created_at: at,
          expires_at: new Date(at.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
          attempts: 0,
        },
        $unset: { used_at: '' },
      },
      { upsert: true },
    );
    try {
      await mailer.send({
        to: email,
        subject: LINK_EMAIL_SUBJECT,
        text:
          `Your Croft Common membership code is ${code}\n\n` +
          `Enter it to link your membership to this device. It is valid for 10 minutes and can be used once. ` +
          `If you did not ask for it, you can ignore this email.\n`,
        html:
          `<p>Your Croft Common membership code is</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p>` +
          `<p>Enter it to link your membership to this device. It is valid for 10 minutes and can be used once. ` +
          `If you did not ask for it, you can ignore this email.</p>`,
      });
    } catch (error) {
      await models.linkCode.deleteOne({ _id: userHandle, created_at: at });
      logger.error({ err: error }, 'membership code email failed');
      throw new IdentityError('email_send_failed', LINK_MESSAGES.sendFailed);
    }
  }

  return {
    isActive,
    status,

    /**
     * POST /membership/start-link: emails a 6-digit code to an active subscriber. Like sign-in
     * codes, the per-IP limit counts every request and the per-address limit only codes that were
     * emailed (a reserved place is given back on 403, 503 or a failed send).
     */
    async startLink(input: { userHandle: string; email: string; ip: string }): Promise<void> {
      const email = normaliseEmail(input.email);
      if (!email) throw new IdentityError('invalid_email', LINK_MESSAGES.invalidEmail);
      if (!(await counters.hit(`link-ip:${input.ip}`, limits.codesPerIp)).allowed) {
        throw new IdentityError('rate_limited', LINK_MESSAGES.rateLimited);
      }
      const sent = await counters.countOnSuccess(`link-email:${email}`, limits.codesPerEmail, () => emailLinkCode(input.userHandle, email), (error) =>
        logger.warn({ err: error }, 'could not give back a code reservation'),
      );
      if (!sent) throw new IdentityError('rate_limited', LINK_MESSAGES.rateLimited);
    },

    /** POST /membership/verify-link: the right code (10 minutes, 5 attempts, single use) links the handle to the email. */
    async verifyLink(input: { userHandle: string; email: string; code: string; ip: string }): Promise<void> {
      if (!(await counters.hit(`link-verify-ip:${input.ip}`, limits.verificationsPerIp)).allowed) {
        throw new IdentityError('rate_limited', LINK_MESSAGES.verifyRateLimited);
      }
      const email = normaliseEmail(input.email);
      if (!email) throw new IdentityError('invalid_code', LINK_MESSAGES.invalidCode);
      // A link code leads to a session (create-session), so wrong ones share the account's
      // failed-verification budget with sign-in codes: fresh codes on other handles buy no guesses.
      const failKey = accountFailureKey(email);
      if ((await counters.current(failKey)) >= limits.failuresPerAccount.limit) {
        throw new IdentityError('too_many_failures', LINK_MESSAGES.tooManyFailures);
      }
      const invalid = async (): Promise<never> => {
        await counters.hit(failKey, limits.failuresPerAccount);
        throw new IdentityError('invalid_code', LINK_MESSAGES.invalidCode);
      };
      const doc = await models.linkCode.findById(input.userHandle).lean();
      if (!doc || doc.used_at || doc.email !== email) return invalid();
      if (doc.expires_at.getTime() <= now().getTime() || doc.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return invalid();
      const claimed = await models.linkCode
        .findOneAndUpdate(
          { _id: input.userHandle, code_hash: doc.code_hash, attempts: { $lt: EMAIL_CODE_MAX_ATTEMPTS }, used_at: { $exists: false } },
          { $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        )
        .lean();
      if (!claimed || !sameHash(linkHash(deps.codePepper, input.userHandle, email, input.code), claimed.code_hash)) return invalid();
      const consumed = await models.linkCode.findOneAndUpdate(
        { _id: input.userHandle, code_hash: claimed.code_hash, used_at: { $exists: false } },
        { $set: { used_at: now() } },
      );
      if (!consumed) return invalid();
      await models.membershipLink.updateOne({ _id: input.userHandle }, { $set: { email, linked_at: now() } }, { upsert: true });
      const user = await models.user.findOne({ email }).lean();
      // The handle's passkeys now belong to this email's account (or to none yet, after a relink to a new email).
      await models.passkey.updateMany(
        { user_handle: input.userHandle },
        user ? { $set: { user_id: user._id } } : { $unset: { user_id: '' } },
      );
      await deps.gateUnlocks?.record('link', user?._id);
      logger.info('membership linked to a user handle');
    },
  };
}

export type Membership = ReturnType<typeof createMembership>;
