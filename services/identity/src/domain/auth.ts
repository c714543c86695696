import { randomUUID } from 'node:crypto';
import { authenticator } from 'otplib';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_SECONDS,
  type AccessTokenClaims,
  type ChallengeResponse,
  type EnrollFactorBody,
  type EnrollFactorResponse,
  type Factor,
  type IdentityUser,
  type Session,
} from '@croft/contracts';
import { type Clock, type Logger, type Mailer } from '@croft/service-kit';
import { IdentityError } from './errors';
import type { FactorDoc, IdentityModels, SessionDoc, UserDoc } from '../data';
import { accountFailureKey, type Counters, type WindowLimit } from './counters';
import type { KeyRing } from './key-ring';
import { generateCode, hashCode, openWithToken, randomToken, sameHash, sealWithToken, sha256, type SecretBox } from './secrets';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Limits and lifetimes; every value can be overridden in the factory (tests use small ones). */
export interface IdentityLimits {
  /** Codes sent per email address (default 5 per 15 minutes). */
  codesPerEmail: WindowLimit;
  /** Codes requested per client IP (default 20 per 15 minutes). */
  codesPerIp: WindowLimit;
  /** Code verifications per client IP, right or wrong (default 100 per 15 minutes). */
  verificationsPerIp: WindowLimit;
  /** Failed code verifications per account, sign-in and membership-link codes together (default 100 per hour). */
  failuresPerAccount: WindowLimit;
  /** RPC calls per client IP (default 60 per minute). */
  rpcPerIp: WindowLimit;
  /** Sliding refresh-token lifetime (default 30 days). */
  refreshTtlMs: number;
  /** Absolute lifetime of a session (refresh family) (default 90 days). */
  sessionMaxMs: number;
  /**
   * A rotated refresh token presented again within this long of its rotation (two tabs refreshing
   * at once, or a retry after a lost answer) gets the same successor instead of revoking the
   * family (default 10 seconds). Later reuse revokes the family.
   */
  refreshReuseGraceMs: number;
  /** MFA challenge lifetime (default 5 minutes) and wrong codes allowed per challenge (5). */
  challengeTtlMs: number;
  challengeMaxAttempts: number;
  /** Wrong TOTP codes per user across all challenges (default 20 per hour): opening new challenges buys no guesses. */
  mfaFailuresPerUser: WindowLimit;
  /** Factors per user (default 10). */
  maxFactors: number;
  /** WebAuthn options/verify calls per client IP (default 60 per minute). */
  webauthnPerIp: WindowLimit;
}

export const DEFAULT_LIMITS: IdentityLimits = {
  codesPerEmail: { windowMs: 15 * 60_000, limit: 5 },
  codesPerIp: { windowMs: 15 * 60_000, limit: 20 },
  verificationsPerIp: { windowMs: 15 * 60_000, limit: 100 },
  failuresPerAccount: { windowMs: HOUR, limit: 100 },
  rpcPerIp: { windowMs: 60_000, limit: 60 },
  refreshTtlMs: 30 * DAY,
  sessionMaxMs: 90 * DAY,
  refreshReuseGraceMs: 10_000,
  challengeTtlMs: 5 * 60_000,
  challengeMaxAttempts: 5,
  mfaFailuresPerUser: { windowMs: HOUR, limit: 20 },
  maxFactors: 10,
  webauthnPerIp: { windowMs: 60_000, limit: 60 },
};

export const CODE_EMAIL_SUBJECT = 'Your Croft Common sign-in code';
export const DEFAULT_TOTP_ISSUER = 'Croft Common';

export const MESSAGES = {
  rateLimited: 'Too many codes requested. Please wait a few minutes and try again.',
  verifyRateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  userNotFound: 'No account exists for this email address. Please sign up first or check your email address.',
  secretKitchenDenied: 'This email address is not authorized for Secret Kitchens.',
  invalidCode: 'Invalid or expired code. Please try again.',
  codeExpired: 'This code has expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts with this code. Please request a new one.',
  tooManyFailures: 'Too many failed sign-in attempts. Please try again in an hour.',
  sendFailed: 'Could not send code. Please try again.',
  refreshMissing: 'Refresh token missing. Please sign in again.',
  refreshInvalid: 'Invalid refresh token. Please sign in again.',
  refreshReused: 'This refresh token was already used. For your security you have been signed out everywhere on this session.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unsupportedFactor: 'Phone factors are not supported.',
  aal2Required: 'Verify with your authenticator app first (AAL2 required).',
  factorNotFound: 'Factor not found.',
  factorNameTaken: 'A verified factor with this name already exists.',
  tooManyFactors: 'Too many factors. Remove one before adding another.',
  challengeNotFound: 'Challenge not found.',
  challengeExpired: 'This challenge has expired. Please start again.',
  challengeUsed: 'This challenge was already used. Please start again.',
  invalidTotp: 'Invalid TOTP code entered',
  tooManyTotpAttempts: 'Too many attempts for this challenge. Please start again.',
  tooManyTotpFailures: 'Too many wrong authenticator codes. Please try again in an hour.',
} as const;

export interface AuthContext {
  claims: AccessTokenClaims;
  session: SessionDoc;
}

export interface IssuedSession {
  session: Session;
  refreshToken?: string;
  refreshExpiresAt?: Date;
}

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
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function factorView(doc: FactorDoc): Factor {
  return {
    id: doc._id,
    friendly_name: doc.friendly_name,
    factor_type: doc.factor_type,
    status: doc.status,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

export function createAuth(deps: AuthDeps) {
  const { models, clock, logger, mailer, keys, counters, box, limits } = deps;
  const now = () => clock.now();

  async function userView(user: UserDoc): Promise<IdentityUser> {
    const factors = await models.factor.find({ user_id: user._id }).sort({ created_at: 1, _id: 1 }).lean();
    return { id: user._id, email: user.email, roles: [...user.roles], factors: factors.map(factorView) };
  }

  async function accessToken(session: SessionDoc, user: UserDoc): Promise<Session> {
    const view = await userView(user);
    const expiresAt = Math.min(seconds(now()) + ACCESS_TOKEN_TTL_SECONDS, seconds(session.expires_at));
    const token = await keys.sign(
      {
        email: user.email,
        roles: view.roles,
        aal: session.aal,
        amr: [...session.amr],
        session_id: session._id,
        mfa: view.factors.some((f) => f.status === 'verified'),
      },
      user._id,
      expiresAt,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: Math.max(0, expiresAt - seconds(now())),
      expires_at: expiresAt,
      user: view,
    };
  }

  async function newRefreshToken(session: SessionDoc): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(Math.min(now().getTime() + limits.refreshTtlMs, session.expires_at.getTime()));
    await models.refreshToken.create({
      _id: sha256(token),
      session_id: session._id,
      user_id: session.user_id,
      created_at: now(),
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  async function revokeSession(sessionId: string, reason: string): Promise<void> {
    await models.session.updateOne(
      { _id: sessionId, revoked_at: { $exists: false } },
      { $set: { revoked_at: now(), revoked_reason: reason } },
    );
  }

  function isLive(session: SessionDoc | null): session is SessionDoc {
    return !!session && !session.revoked_at && session.expires_at.getTime() > now().getTime();
  }

  async function findOrCreateUser(email: string, create: boolean): Promise<UserDoc | null> {
    const existing = await models.user.findOne({ email }).lean();
    if (existing || !create) return existing;
    const at = now();
    const roles = deps.adminEmail === email ? ['admin'] : [];
    return models.user
      .findOneAndUpdate(
        { email },
        { $setOnInsert: { _id: randomUUID(), email, roles, created_at: at, updated_at: at } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean();
  }

  /** A new session (refresh family) at aal1 for a user who just proved who they are by `method`. */
  async function openSession(user: UserDoc, method: string, lifetimeMs: number): Promise<IssuedSession> {
    await models.user.updateOne({ _id: user._id }, { $set: { last_sign_in_at: now() } });
    const at = now();
    const session = await models.session.create({
      _id: randomUUID(),
      user_id: user._id,
      aal: 'aal1',
      amr: [method],
      created_at: at,
      expires_at: new Date(at.getTime() + lifetimeMs),
    });
    const plain = session.toObject() as SessionDoc;
    const refresh = await newRefreshToken(plain);
    logger.info({ userId: user._id, sessionId: plain._id, method }, 'signed in');
    return { session: await accessToken(plain, user), refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt };
  }

  async function currentUser(auth: AuthContext): Promise<UserDoc> {
    const user = await models.user.findById(auth.claims.sub).lean();
    if (!user) throw new IdentityError('account_gone', 'This account no longer exists.');
    return user;
  }

  /** The Secret Kitchens and create_user rules, then a fresh code by email (the limits already passed). */
  async function emailCode(input: { email: string; createUser: boolean; sessionDuration?: number }): Promise<void> {
    const { email } = input;
    if (input.sessionDuration !== undefined) {
      const access = await models.secretKitchenAccess.findById(email).lean();
      if (!access?.has_access) throw new IdentityError('secret_kitchen_access_denied', MESSAGES.secretKitchenDenied);
    }
    if (!input.createUser && !(await models.user.exists({ email }))) {
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
    userView,

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
      const slot = await counters.reserve(`otp-email:${input.email}`, limits.codesPerEmail);
      if (!slot.allowed) throw new IdentityError('rate_limited', MESSAGES.rateLimited);
      let sent = false;
      try {
        await emailCode(input);
        sent = true;
      } finally {
        if (!sent) await slot.release().catch((error: unknown) => logger.warn({ err: error }, 'could not give back a code reservation'));
      }
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

      const user = await findOrCreateUser(email, claimed.create_user);
      if (!user) throw new IdentityError('user_not_found', MESSAGES.userNotFound);
      const lifetime = claimed.session_duration ? claimed.session_duration * 1000 : limits.sessionMaxMs;
      return openSession(user, 'otp', lifetime);
    },

    /** Passkey sign-in (create-session): finds or creates the user for an email and opens a session (amr 'passkey'). */
    async signInWithPasskey(email: string): Promise<{ issued: IssuedSession; userId: string }> {
      const user = await findOrCreateUser(email, true);
      if (!user) throw new Error(`could not create a user for ${email}`);
      return { issued: await openSession(user, 'passkey', limits.sessionMaxMs), userId: user._id };
    },

    /**
     * POST /token?grant_type=refresh_token: rotates the token; a rotated token's reuse revokes the
     * family, except within the reuse grace, where it gets the same (newest) successor.
     */
    async refresh(token: string | undefined): Promise<IssuedSession> {
      if (!token) throw new IdentityError('refresh_token_missing', MESSAGES.refreshMissing);
      const hash = sha256(token);
      const doc = await models.refreshToken.findById(hash).lean();
      if (!doc) throw new IdentityError('invalid_refresh_token', MESSAGES.refreshInvalid);
      const reused = async (): Promise<never> => {
        await revokeSession(doc.session_id, 'refresh_token_reused');
        logger.warn({ sessionId: doc.session_id, userId: doc.user_id }, 'refresh token reuse: session revoked');
        throw new IdentityError('refresh_token_reused', MESSAGES.refreshReused);
      };
      const liveSession = async (): Promise<SessionDoc> => {
        const session = await models.session.findById(doc.session_id).lean();
        if (!session || session.revoked_at) throw new IdentityError('invalid_refresh_token', MESSAGES.refreshInvalid);
        if (!isLive(session)) throw new IdentityError('session_expired', MESSAGES.sessionExpired);
        return session;
      };
      const issue = async (session: SessionDoc, refreshToken: string, refreshExpiresAt: Date): Promise<IssuedSession> => {
        const user = await models.user.findById(doc.user_id).lean();
        if (!user) throw new IdentityError('invalid_refresh_token', MESSAGES.refreshInvalid);
        await models.session.updateOne({ _id: session._id }, { $set: { refreshed_at: now() } });
        return { session: await accessToken(session, user), refreshToken, refreshExpiresAt };
      };
      /** Within the grace: follow the sealed successors to the family's current token. */
      const withinGrace = async (): Promise<IssuedSession> => {
        let current = token;
        let link = await models.refreshToken.findById(hash).lean();
        for (let step = 0; step < 8 && link; step += 1) {
          if (!link.rotated_at) {
            const session = await liveSession();
            if (link.expires_at.getTime() <= now().getTime()) throw new IdentityError('session_expired', MESSAGES.sessionExpired);
            return issue(session, current, link.expires_at);
          }
          const fresh = now().getTime() - link.rotated_at.getTime() <= limits.refreshReuseGraceMs;
          const next = fresh && link.successor ? openWithToken(current, link.successor) : null;
          if (next === null) break;
          current = next;
          link = await models.refreshToken.findOne({ _id: sha256(next), session_id: doc.session_id }).lean();
        }
        return reused();
      };
      if (doc.rotated_at) return withinGrace();
      const session = await liveSession();
      if (doc.expires_at.getTime() <= now().getTime()) throw new IdentityError('session_expired', MESSAGES.sessionExpired);
      // The successor exists before this token is marked rotated, so a concurrent request that
      // loses the race below always finds a successor to share.
      const refresh = await newRefreshToken(session);
      const claimed = await models.refreshToken.findOneAndUpdate(
        { _id: hash, rotated_at: { $exists: false } },
        { $set: { rotated_at: now(), successor: sealWithToken(token, refresh.token) } },
      );
      if (!claimed) {
        await models.refreshToken.deleteOne({ _id: sha256(refresh.token) });
        return withinGrace();
      }
      return issue(session, refresh.token, refresh.expiresAt);
    },

    /** GET /session with only the cookie: a fresh access token for a live, current refresh token (no rotation). */
    async sessionFromRefreshToken(token: string): Promise<Session | null> {
      const doc = await models.refreshToken.findById(sha256(token)).lean();
      if (!doc || doc.rotated_at || doc.expires_at.getTime() <= now().getTime()) return null;
      const session = await models.session.findById(doc.session_id).lean();
      if (!isLive(session)) return null;
      const user = await models.user.findById(doc.user_id).lean();
      return user ? accessToken(session, user) : null;
    },

    /** Verifies a bearer token and that its session is still live (identity's own endpoints). */
    async authenticate(token: string): Promise<AuthContext> {
      let claims: AccessTokenClaims;
      try {
        claims = await keys.verify(token);
      } catch {
        throw new IdentityError('invalid_token', 'Invalid or expired access token. Please sign in again.');
      }
      const session = await models.session.findById(claims.session_id).lean();
      if (!isLive(session) || session.user_id !== claims.sub) {
        throw new IdentityError('session_not_found', 'This session has ended. Please sign in again.');
      }
      return { claims, session };
    },

    currentUser,

    /** POST /logout: local (this session), global (all of the user's), others (all but this one). */
    async logout(target: { sessionId: string; userId: string }, scope: 'local' | 'global' | 'others'): Promise<void> {
      const filter =
        scope === 'local'
          ? { _id: target.sessionId }
          : scope === 'others'
            ? { user_id: target.userId, _id: { $ne: target.sessionId } }
            : { user_id: target.userId };
      await models.session.updateMany(
        { ...filter, revoked_at: { $exists: false } },
        { $set: { revoked_at: now(), revoked_reason: 'signed_out' } },
      );
    },

    /** The session a refresh token belongs to (logout by cookie); null when unknown. */
    async sessionOfRefreshToken(token: string): Promise<{ sessionId: string; userId: string } | null> {
      const doc = await models.refreshToken.findById(sha256(token)).lean();
      return doc ? { sessionId: doc.session_id, userId: doc.user_id } : null;
    },

    async enrollFactor(auth: AuthContext, body: EnrollFactorBody): Promise<EnrollFactorResponse> {
      if (body.factor_type === 'phone') throw new IdentityError('unsupported_factor', MESSAGES.unsupportedFactor);
      const user = await currentUser(auth);
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
        if (!isLive(session)) throw new IdentityError('session_not_found', 'This session has ended. Please sign in again.');
        const user = await currentUser(auth);
        logger.info({ userId: user._id, sessionId: session._id }, 'mfa verified');
        return await accessToken(session, user);
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

    async isEmailDomainAllowed(email: string): Promise<boolean> {
      const domain = email.slice(email.lastIndexOf('@') + 1);
      return (await models.allowedDomain.exists({ _id: domain })) !== null;
    },

    async secretKitchenAccess(email: string): Promise<{ has_access: boolean }[]> {
      const doc = await models.secretKitchenAccess.findById(email).lean();
      return [{ has_access: doc?.has_access === true }];
    },

    async rpcAllowed(ip: string): Promise<boolean> {
      return (await counters.hit(`rpc-ip:${ip}`, limits.rpcPerIp)).allowed;
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
