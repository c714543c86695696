import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims, type Factor, type IdentityUser, type Session } from '@croft/contracts';
import type { Clock, Logger } from '@croft/service-kit';
import type { FactorDoc, IdentityModels, SessionDoc, UserDoc } from '../data';
import type { AccessLists } from './access-lists';
import { IdentityError } from './errors';
import type { KeyRing } from './key-ring';
import type { IdentityLimits } from './limits';
import { MESSAGES } from './messages';
import { openWithToken, randomToken, sealWithToken, sha256 } from './secrets';

export interface AuthContext {
  claims: AccessTokenClaims;
  session: SessionDoc;
}

export interface IssuedSession {
  session: Session;
  refreshToken?: string;
  refreshExpiresAt?: Date;
}

export interface SessionDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  keys: KeyRing;
  accessLists: Pick<AccessLists, 'initialRoles' | 'consumeGrant'>;
  limits: Pick<IdentityLimits, 'refreshTtlMs' | 'sessionMaxMs' | 'refreshReuseGraceMs'>;
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

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

/** Sessions (refresh families), access and refresh tokens, bearer checks and sign-out. */
export function createSessions(deps: SessionDeps) {
  const { models, clock, logger, keys, accessLists, limits } = deps;
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
    // ADMIN_EMAIL's admin and any pending grant; the grant is consumed once the account exists.
    const initial = await accessLists.initialRoles(email);
    const id = randomUUID();
    const user = await models.user
      .findOneAndUpdate(
        { email },
        { $setOnInsert: { _id: id, email, roles: initial.roles, created_at: at, updated_at: at } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean();
    if (!user || user._id !== id) return user; // another request created it first (and consumes the grant)
    await accessLists.consumeGrant(email, id, initial.grantRev);
    return (await models.user.findById(id).lean()) ?? user;
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

  return {
    userView,
    accessToken,
    isLive,
    findOrCreateUser,
    openSession,
    currentUser,

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
  };
}

export type Sessions = ReturnType<typeof createSessions>;
