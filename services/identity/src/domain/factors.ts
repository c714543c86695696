import { randomUUID } from 'node:crypto';
import { authenticator } from 'otplib';
import type { ChallengeResponse, EnrollFactorBody, EnrollFactorResponse, Session } from '@croft/contracts';
import type { Clock, Logger } from '@croft/service-kit';
import type { IdentityModels } from '../data';
import type { Counters } from './counters';
import { IdentityError } from './errors';
import type { IdentityLimits } from './limits';
import { DEFAULT_TOTP_ISSUER, MESSAGES } from './messages';
import type { SecretBox } from './secrets';
import { seconds, type AuthContext, type Sessions } from './sessions';

export interface FactorDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  counters: Counters;
  box: SecretBox;
  sessions: Pick<Sessions, 'currentUser' | 'accessToken' | 'isLive'>;
  limits: Pick<IdentityLimits, 'challengeTtlMs' | 'challengeMaxAttempts' | 'mfaFailuresPerUser' | 'maxFactors'>;
}

/** TOTP factors: enrolment, challenges, verification (session → aal2) and removal. */
export function createFactors(deps: FactorDeps) {
  const { models, clock, logger, counters, box, sessions, limits } = deps;
  const now = () => clock.now();

  return {
    async enrollFactor(auth: AuthContext, body: EnrollFactorBody): Promise<EnrollFactorResponse> {
      if (body.factor_type === 'phone') throw new IdentityError('unsupported_factor', MESSAGES.unsupportedFactor);
      const user = await sessions.currentUser(auth);
      const existing = await models.factor.find({ user_id: user._id }).lean();
      if (existing.some((f) => f.status === 'verified') && auth.claims.aal !== 'aal2') {
        throw new IdentityError('aal2_required', MESSAGES.aal2Required);
      }
      const sameName = existing.find((f) => f.friendly_name === body.friendly_name);
      if (sameName?.status === 'verified') throw new IdentityError('factor_name_taken', MESSAGES.factorNameTaken);
      if (existing.length - (sameName ? 1 : 0) >= limits.maxFactors) {
        throw new IdentityError('too_many_factors', MESSAGES.tooManyFactors);
      }
      if (sameName) {
        // An abandoned enrolment with the same name is replaced.
        await models.factor.deleteOne({ _id: sameName._id, status: 'unverified' });
        await models.challenge.deleteMany({ factor_id: sameName._id });
      }
      const secret = authenticator.generateSecret(20);
      const uri = authenticator.keyuri(user.email, body.issuer ?? DEFAULT_TOTP_ISSUER, secret);
      const at = now();
      const id = randomUUID();
      try {
        await models.factor.create({
          _id: id,
          user_id: user._id,
          factor_type: 'totp',
          friendly_name: body.friendly_name,
          status: 'unverified',
          secret: box.seal(secret),
          created_at: at,
          updated_at: at,
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === 11000) throw new IdentityError('factor_name_taken', MESSAGES.factorNameTaken);
        throw error;
      }
      return { id, type: 'totp', friendly_name: body.friendly_name, totp: { qr_code: uri, secret, uri } };
    },

    async challengeFactor(auth: AuthContext, factorId: string): Promise<ChallengeResponse> {
      const factor = await models.factor.findOne({ _id: factorId, user_id: auth.claims.sub }).lean();
      if (!factor) throw new IdentityError('factor_not_found', MESSAGES.factorNotFound);
      const at = now();
      const expiresAt = new Date(at.getTime() + limits.challengeTtlMs);
      const id = randomUUID();
      await models.challenge.create({ _id: id, factor_id: factor._id, user_id: auth.claims.sub, created_at: at, expires_at: expiresAt, attempts: 0 });
      return { id, type: 'totp', expires_at: seconds(expiresAt) };
    },

    /** Checks a TOTP code for a challenge; on success the factor is verified and the session becomes aal2. */
    async verifyFactor(auth: AuthContext, factorId: string, body: { code: string; challenge_id: string }): Promise<Session> {
      const factor = await models.factor.findOne({ _id: factorId, user_id: auth.claims.sub }).lean();
      if (!factor) throw new IdentityError('factor_not_found', MESSAGES.factorNotFound);
      const challenge = await models.challenge.findOne({ _id: body.challenge_id, factor_id: factorId, user_id: auth.claims.sub }).lean();
      if (!challenge) throw new IdentityError('challenge_not_found', MESSAGES.challengeNotFound);
      if (challenge.verified_at) throw new IdentityError('challenge_used', MESSAGES.challengeUsed);
      if (challenge.expires_at.getTime() <= now().getTime()) throw new IdentityError('challenge_expired', MESSAGES.challengeExpired);
      // Every attempt first takes one unit of the user's failure budget atomically (so a burst of
      // parallel guesses cannot slip past the cap); anything that turns out not to be a wrong
      // code gives it back.
      const failKey = `mfa-fail:${auth.claims.sub}`;
      if (!(await counters.hit(failKey, limits.mfaFailuresPerUser)).allowed) {
        throw new IdentityError('too_many_failures', MESSAGES.tooManyTotpFailures);
      }
      let wrong = false;
      const wrongCode = (): never => {
        wrong = true;
        throw new IdentityError('mfa_verification_failed', MESSAGES.invalidTotp);
      };
      try {
        const claimed = await models.challenge.findOneAndUpdate(
          { _id: challenge._id, attempts: { $lt: limits.challengeMaxAttempts }, verified_at: { $exists: false } },
          { $inc: { attempts: 1 } },
        );
        if (!claimed) throw new IdentityError('too_many_attempts', MESSAGES.tooManyTotpAttempts);

        const at = now();
        const totp = authenticator.clone({ epoch: at.getTime(), window: 1 });
        const delta = totp.checkDelta(body.code, box.open(factor.secret));
        if (delta === null) return wrongCode();
        const step = Math.floor(at.getTime() / 30_000) + delta;
        // Each time step's code is accepted once (no replay), atomically.
        const accepted = await models.factor.findOneAndUpdate(
          { _id: factor._id, $or: [{ last_step: { $exists: false } }, { last_step: { $lt: step } }] },
          { $set: { last_step: step, status: 'verified', updated_at: at } },
        );
        if (!accepted) return wrongCode();
        await models.challenge.updateOne({ _id: challenge._id }, { $set: { verified_at: at } });
        const session = await models.session
          .findOneAndUpdate(
            { _id: auth.session._id, revoked_at: { $exists: false } },
            { $set: { aal: 'aal2' }, $addToSet: { amr: 'totp' } },
            { returnDocument: 'after' },
          )
          .lean();
        if (!sessions.isLive(session)) throw new IdentityError('session_not_found', 'This session has ended. Please sign in again.');
        const user = await sessions.currentUser(auth);
        logger.info({ userId: user._id, sessionId: session._id }, 'mfa verified');
        return await sessions.accessToken(session, user);
      } finally {
        if (!wrong) await counters.release(failKey);
      }
    },

    async deleteFactor(auth: AuthContext, factorId: string): Promise<{ id: string }> {
      const factor = await models.factor.findOne({ _id: factorId, user_id: auth.claims.sub }).lean();
      if (!factor) throw new IdentityError('factor_not_found', MESSAGES.factorNotFound);
      if (factor.status === 'verified' && auth.claims.aal !== 'aal2') throw new IdentityError('aal2_required', MESSAGES.aal2Required);
      await models.factor.deleteOne({ _id: factor._id });
      await models.challenge.deleteMany({ factor_id: factor._id });
      return { id: factor._id };
    },
  };
}

export type Factors = ReturnType<typeof createFactors>;
