import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  MAX_PASSKEYS_PER_HANDLE,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_PROOF_TTL_SECONDS,
  type AuthOptionsResponse,
  type AuthVerifyResponse,
  type AuthenticationResponseJsonBody,
  type CreatePasskeySessionResponse,
  type Passkey,
  type RegisterOptionsResponse,
  type RegisterVerifyResponse,
  type RegistrationResponseJsonBody,
} from '@croft/contracts';
import { type Clock, type Logger } from '@croft/service-kit';
import { IdentityError } from './errors';
import type { GateUnlocks } from './gate-unlocks';
import type { IdentityModels, PasskeyDoc, WebauthnChallengeDoc } from '../data';
import type { Auth, AuthContext, IssuedSession } from './auth';
import type { Counters, WindowLimit } from './counters';
import type { Membership } from './membership';
import { passkeyName } from './aaguid-names';
import { randomToken, sha256 } from './secrets';

export const PASSKEY_MESSAGES = {
  rpIdMismatch: 'This passkey request does not match this site. Please reload the page and try again.',
  rateLimited: 'Too many passkey requests. Please wait a moment and try again.',
  invalidProof: 'Please verify with your passkey again.',
  notOwner: 'These passkeys do not belong to your account.',
  passkeyNotFound: 'Passkey not found.',
} as const;

/** The relying party, always from PUBLIC_ORIGIN (never from a request body). */
export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

export function relyingPartyFrom(publicOrigin: string, rpName = 'Croft Common'): RelyingParty {
  const url = new URL(publicOrigin);
  return { rpID: url.hostname, origin: url.origin, rpName };
}

export interface PasskeyDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  counters: Counters;
  auth: Auth;
  membership: Membership;
  rp: RelyingParty;
  /** Options and verify calls per client IP (default 60 per minute). */
  perIp: WindowLimit;
  /** A verified passkey of a linked member is recorded as a 'passkey' gate unlock (see gate-unlocks.ts). */
  gateUnlocks?: Pick<GateUnlocks, 'record'>;
}

const CHALLENGE_TTL_MS = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;
const PROOF_TTL_MS = PASSKEY_PROOF_TTL_SECONDS * 1000;

/** Reads the challenge out of clientDataJSON (base64url JSON); null when it is not there. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/** Maps a @simplewebauthn/server failure to a spec error code (rp_id_mismatch or verification_failed). */
function failureCode(error: unknown): { code: string; details: string } {
  const details = error instanceof Error ? error.message : String(error);
  return /RP ID|rpID|origin/i.test(details) ? { code: 'rp_id_mismatch', details } : { code: 'verification_failed', details };
}

export function createPasskeys(deps: PasskeyDeps) {
  const { models, clock, logger, counters, auth, membership, rp } = deps;
  const now = () => clock.now();

  function checkRp(rpId: string, origin: string): void {
    if (rpId !== rp.rpID || origin !== rp.origin) throw new IdentityError('rp_id_mismatch', PASSKEY_MESSAGES.rpIdMismatch);
  }

  async function limitIp(ip: string): Promise<void> {
    if (!(await counters.hit(`webauthn-ip:${ip}`, deps.perIp)).allowed) {
      throw new IdentityError('rate_limited', PASSKEY_MESSAGES.rateLimited);
    }
  }

  async function storeChallenge(challenge: string, kind: WebauthnChallengeDoc['kind'], userHandle?: string) {
    const at = now();
    await models.webauthnChallenge.create({
      _id: challenge,
      kind,
      ...(userHandle ? { user_handle: userHandle } : {}),
      created_at: at,
      expires_at: new Date(at.getTime() + CHALLENGE_TTL_MS),
    });
  }

  /** Marks the response's challenge used (single use, unexpired, right kind and handle); null when it cannot be. */
  async function claimChallenge(
    clientDataJSON: string,
    kind: WebauthnChallengeDoc['kind'],
    userHandle?: string,
  ): Promise<WebauthnChallengeDoc | null> {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) return null;
    const at = now();
    return models.webauthnChallenge
      .findOneAndUpdate(
        {
          _id: challenge,
          kind,
          used_at: { $exists: false },
          expires_at: { $gt: at },
          ...(userHandle ? { user_handle: userHandle } : {}),
        },
        { $set: { used_at: at } },
        { returnDocument: 'after' },
      )
      .lean();
  }

  /** Checks a proof from auth-verify without using it up. */
  async function liveProof(proof: string, userHandle: string) {
    const doc = await models.passkeyProof.findById(sha256(proof)).lean();
    if (!doc || doc.used_at || doc.user_handle !== userHandle || doc.expires_at.getTime() <= now().getTime()) return null;
    return doc;
  }

  async function spendProof(proof: string, userHandle: string): Promise<boolean> {
    const at = now();
    const claimed = await models.passkeyProof.findOneAndUpdate(
      { _id: sha256(proof), user_handle: userHandle, used_at: { $exists: false }, expires_at: { $gt: at } },
      { $set: { used_at: at } },
    );
    return claimed !== null;
  }

  /** The passkeys a signed-in user owns: opened a session for them, or under a handle linked to their email. */
  async function ownedFilter(context: AuthContext) {
    const user = await auth.currentUser(context);
    const handles = (await models.membershipLink.find({ email: user.email }).lean()).map((link) => link._id);
    return { $or: [{ user_id: user._id }, { user_handle: { $in: handles } }] };
  }

  function view(doc: PasskeyDoc): Passkey {
    return {
      id: doc._id,
      name: doc.name,
      created_at: doc.created_at.toISOString(),
      last_used_at: doc.last_used_at ? doc.last_used_at.toISOString() : null,
      backed_up: doc.backed_up,
      transports: [...doc.transports],
    };
  }

  return {
    checkRp,

    /** POST /webauthn/register-options */
    async registerOptions(input: {
      userHandle?: string;
      proof?: string;
      displayName: string;
      rpId: string;
      origin: string;
      ip: string;
    }): Promise<RegisterOptionsResponse> {
      checkRp(input.rpId, input.origin);
      await limitIp(input.ip);
      const userHandle = input.userHandle ?? randomBytes(32).toString('base64url');
      const existing = await models.passkey.find({ user_handle: userHandle }).sort({ created_at: 1 }).lean();
      // Knowing a handle is not enough to add a passkey to it: that takes a fresh assertion by one
      // of the passkeys it already has (a proof from auth-verify, used up here).
      if (existing.length > 0 && !(input.proof !== undefined && (await spendProof(input.proof, userHandle)))) {
        throw new IdentityError('invalid_proof', PASSKEY_MESSAGES.invalidProof);
      }
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: input.displayName,
        userDisplayName: input.displayName,
        userID: Buffer.from(userHandle, 'base64url'),
        attestationType: 'none',
        timeout: CHALLENGE_TTL_MS,
        excludeCredentials: existing.map((c) => ({ id: c._id, transports: c.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred', authenticatorAttachment: 'platform' },
      });
      await storeChallenge(options.challenge, 'registration', userHandle);
      return { options: options as unknown as RegisterOptionsResponse['options'], userHandle };
    },

    /** POST /webauthn/register-verify */
    async registerVerify(input: {
      userHandle: string;
      attResp: RegistrationResponseJsonBody;
      rpId: string;
      origin: string;
      ip: string;
    }): Promise<RegisterVerifyResponse> {
      checkRp(input.rpId, input.origin);
      await limitIp(input.ip);
      const { userHandle } = input;
      const answer = async (verified: boolean, error?: { code: string; details: string }): Promise<RegisterVerifyResponse> => {
        const status = await membership.status(userHandle);
        return {
          verified,
          userHandle,
          requiresLinking: !status.linkedAndActive,
          ...(error ? { error: error.code, details: error.details } : {}),
        };
      };
      const challenge = await claimChallenge(input.attResp.response.clientDataJSON, 'registration', userHandle);
      if (!challenge) {
        return answer(false, { code: 'challenge_expired', details: 'The registration challenge is unknown, used or expired.' });
      }
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: input.attResp as RegistrationResponseJSON,
          expectedChallenge: challenge._id,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        const failure = failureCode(error);
        logger.info({ err: error }, 'passkey registration refused');
        return answer(false, failure);
      }
      if (!verification.verified) return answer(false, { code: 'verification_failed', details: 'The registration could not be verified.' });
      const info = verification.registrationInfo;
      const existing = await models.passkey.countDocuments({ user_handle: userHandle });
      if (existing >= MAX_PASSKEYS_PER_HANDLE) {
        return answer(false, { code: 'too_many_passkeys', details: `At most ${MAX_PASSKEYS_PER_HANDLE} passkeys per device handle.` });
      }
      if (existing === 0) {
        // A handle with no passkey left proves nothing (anyone who learnt it could be registering
        // here without a proof), so a membership link it still carries is dropped: the new
        // passkey has to be linked again with an emailed code.
        const dropped = await models.membershipLink.deleteOne({ _id: userHandle });
        if (dropped.deletedCount > 0) logger.info('membership link of a handle without passkeys dropped on a new registration');
      }
      const link = await models.membershipLink.findById(userHandle).lean();
      const linkedUser = link ? await models.user.findOne({ email: link.email }).lean() : null;
      try {
        await models.passkey.create({
          _id: info.credential.id,
          public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: input.attResp.response.transports ?? [],
          aaguid: info.aaguid,
          name: passkeyName(info.aaguid),
          user_handle: userHandle,
          ...(linkedUser ? { user_id: linkedUser._id } : {}),
          created_at: now(),
          backed_up: info.credentialBackedUp,
          device_type: info.credentialDeviceType,
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === 11000) {
          return answer(false, { code: 'invalid_state', details: 'This passkey is already registered. Try signing in with it.' });
        }
        throw error;
      }
      logger.info({ aaguid: info.aaguid }, 'passkey registered');
      return answer(true);
    },

    /** POST /webauthn/auth-options */
    async authOptions(input: {
      userHandle?: string;
      rpId: string;
      origin: string;
      discoverable?: boolean;
      ip: string;
    }): Promise<AuthOptionsResponse> {
      checkRp(input.rpId, input.origin);
      await limitIp(input.ip);
      const targeted = input.userHandle !== undefined && input.discoverable !== true;
      let allowCredentials: { id: string; transports?: AuthenticatorTransport[] }[] = [];
      if (input.userHandle !== undefined) {
        const existing = await models.passkey.find({ user_handle: input.userHandle }).sort({ created_at: 1 }).lean();
        if (existing.length === 0) return { error: 'no_credentials' };
        if (targeted) allowCredentials = existing.map((c) => ({ id: c._id, transports: c.transports as AuthenticatorTransport[] }));
      }
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        allowCredentials,
        userVerification: 'preferred',
        timeout: CHALLENGE_TTL_MS,
      });
      await storeChallenge(options.challenge, 'authentication', targeted ? input.userHandle : undefined);
      return { options: options as unknown as { challenge: string } };
    },

    /** POST /webauthn/auth-verify: on success a proof (2 minutes, single use) for create-session. */
    async authVerify(input: {
      userHandle?: string;
      authResp: AuthenticationResponseJsonBody;
      rpId: string;
      origin: string;
      ip: string;
    }): Promise<AuthVerifyResponse> {
      checkRp(input.rpId, input.origin);
      await limitIp(input.ip);
      const refused: AuthVerifyResponse = { verified: false, userHandle: input.userHandle ?? '', hasExistingLink: false };
      const { authResp } = input;
      if (authResp.id !== authResp.rawId) return refused;
      const credential = await models.passkey.findById(authResp.id).lean();
      // The challenge is used up by any attempt that names it, known credential or not.
      const challenge = await claimChallenge(authResp.response.clientDataJSON, 'authentication');
      if (!credential || !challenge) return refused;
      if (input.userHandle !== undefined && input.userHandle !== credential.user_handle) return refused;
      if (challenge.user_handle !== undefined && challenge.user_handle !== credential.user_handle) return refused;
      if (authResp.response.userHandle && authResp.response.userHandle !== credential.user_handle) return refused;
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: authResp as AuthenticationResponseJSON,
          expectedChallenge: challenge._id,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: credential._id,
            publicKey: Buffer.from(credential.public_key, 'base64url'),
            counter: credential.counter,
            transports: credential.transports as AuthenticatorTransport[],
          },
          requireUserVerification: false,
        });
      } catch (error) {
        logger.info({ err: error, credentialId: credential._id }, 'passkey assertion refused');
        return refused;
      }
      if (!verification.verified) return refused;
      const at = now();
      // Compare-and-set on the counter: a concurrent assertion with the same counter loses.
      const updated = await models.passkey.findOneAndUpdate(
        { _id: credential._id, counter: credential.counter },
        { $set: { counter: verification.authenticationInfo.newCounter, last_used_at: at, backed_up: verification.authenticationInfo.credentialBackedUp } },
      );
      if (!updated) return refused;
      const proof = randomToken();
      await models.passkeyProof.create({
        _id: sha256(proof),
        user_handle: credential.user_handle,
        credential_id: credential._id,
        created_at: at,
        expires_at: new Date(at.getTime() + PROOF_TTL_MS),
      });
      // Asked live: an unsubscribed member's passkey no longer opens the gate (the client offers the link step).
      const status = await membership.status(credential.user_handle);
      if (status.linkedAndActive) await deps.gateUnlocks?.record('passkey', credential.user_id);
      return { verified: true, userHandle: credential.user_handle, hasExistingLink: status.linkedAndActive, proof };
    },

    /** POST /webauthn/create-session: a proof, a link to this email, and an active subscriber. */
    async createSession(input: {
      userHandle: string;
      email: string;
      proof: string;
    }): Promise<{ answer: CreatePasskeySessionResponse; issued?: IssuedSession }> {
      const fail = (error: 'invalid_proof' | 'not_linked' | 'email_mismatch' | 'not_subscribed') => ({
        answer: { success: false as const, error },
      });
      if (!(await liveProof(input.proof, input.userHandle))) return fail('invalid_proof');
      const link = await models.membershipLink.findById(input.userHandle).lean();
      if (!link) return fail('not_linked');
      if (link.email !== input.email) return fail('email_mismatch');
      if (!(await membership.isActive(link.email))) return fail('not_subscribed');
      if (!(await spendProof(input.proof, input.userHandle))) return fail('invalid_proof');
      const { issued, userId } = await auth.signInWithPasskey(link.email);
      await models.passkey.updateMany({ user_handle: input.userHandle }, { $set: { user_id: userId } });
      return { answer: { success: true, session: issued.session }, issued };
    },

    /** POST /webauthn/clear: removes the handle's passkeys, link, codes, challenges and proofs. */
    async clear(input: { userHandle: string; proof?: string; context?: AuthContext }): Promise<{ cleared: true }> {
      const { userHandle } = input;
      if (input.proof !== undefined) {
        if (!(await spendProof(input.proof, userHandle))) throw new IdentityError('invalid_proof', PASSKEY_MESSAGES.invalidProof);
      } else if (input.context) {
        const owned = await models.passkey.exists({ $and: [{ user_handle: userHandle }, await ownedFilter(input.context)] });
        const user = await auth.currentUser(input.context);
        const link = await models.membershipLink.findById(userHandle).lean();
        if (!owned && link?.email !== user.email) throw new IdentityError('not_owner', PASSKEY_MESSAGES.notOwner);
      } else {
        throw new IdentityError('not_authenticated', 'Please sign in first.');
      }
      await models.passkey.deleteMany({ user_handle: userHandle });
      await models.membershipLink.deleteOne({ _id: userHandle });
      await models.linkCode.deleteOne({ _id: userHandle });
      await models.webauthnChallenge.deleteMany({ user_handle: userHandle });
      await models.passkeyProof.deleteMany({ user_handle: userHandle });
      logger.info('passkey data cleared for a user handle');
      return { cleared: true };
    },

    /** GET /passkeys (bearer) */
    async list(context: AuthContext): Promise<Passkey[]> {
      const docs = await models.passkey.find(await ownedFilter(context)).sort({ created_at: 1, _id: 1 }).lean();
      return docs.map(view);
    },

    /** DELETE /passkeys/:id (bearer, own only) */
    async remove(context: AuthContext, id: string): Promise<{ id: string }> {
      const owned = await models.passkey.exists({ $and: [{ _id: id }, await ownedFilter(context)] });
      if (!owned) throw new IdentityError('passkey_not_found', PASSKEY_MESSAGES.passkeyNotFound);
      await models.passkey.deleteOne({ _id: id });
      return { id };
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
