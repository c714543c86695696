import {
  SignJWT,
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Model } from 'mongoose';
import type { Clock, Logger } from '@croft/service-kit';
import type { AccessTokenClaims } from '@croft/contracts';
import type { SigningKeyDoc } from '../data';
import type { SecretBox } from './secrets';

export { ACCESS_TOKEN_ALG, ACCESS_TOKEN_AUDIENCE, verifyAccessTokenWith } from '@croft/service-kit';
import { ACCESS_TOKEN_ALG, ACCESS_TOKEN_AUDIENCE, verifyAccessTokenWith } from '@croft/service-kit';

type Signer = { kid: string; key: CryptoKey };

/** The kid in a token's header, if it has one that could name a key (a JWK thumbprint). */
function publishedKidOf(token: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(kid) ? kid : undefined;
  } catch {
    return undefined;
  }
}

interface Loaded {
  signer: Signer;
  jwks: JSONWebKeySet;
  keySet: ReturnType<typeof createLocalJWKSet>;
}

/**
 * How long a process keeps the keys it read before reading them again: another instance on the
 * same database may have rotated (its new key then signs here too within this time).
 */
export const KEY_RING_REFRESH_MS = 60_000;

/**
 * ES256 signing keys persisted in identity_keys (private JWK sealed by the SecretBox), so tokens
 * survive restarts. The newest 'active' key signs; 'active' and 'previous' keys are published in
 * the JWKS, so tokens signed just before a rotation still verify.
 *
 * The keys in memory are a cache of the collection, not the truth (several instances share the
 * database): re-read after KEY_RING_REFRESH_MS, and at once when a token names a published key
 * this process has not read yet, e.g. one made by another instance's rotation, or by two instances
 * starting on an empty database at once (each may create a key; both are then active and
 * published, and the newest signs). A kid that is not in the collection costs one lookup by _id.
 */
export function createKeyRing(options: { model: Model<SigningKeyDoc>; box: SecretBox; clock: Clock; logger: Logger; issuer: string }) {
  const { model, box, clock, logger, issuer } = options;
  let loading: Promise<Loaded> | null = null;
  let loadedAt = 0;

  async function createKey(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const privateJwk = await exportJWK(privateKey);
    await model.create({
      _id: kid,
      private_jwk: box.seal(JSON.stringify({ ...privateJwk, kid })),
      public_jwk: JSON.stringify({ ...publicJwk, kid, alg: ACCESS_TOKEN_ALG, use: 'sig' }),
      status: 'active',
      created_at: clock.now(),
    });
    logger.info({ kid }, 'identity signing key created');
  }

  async function load(): Promise<Loaded> {
    let docs = await model.find({ status: { $in: ['active', 'previous'] } }).sort({ created_at: -1, _id: 1 }).lean();
    if (!docs.some((d) => d.status === 'active')) {
      await createKey();
      docs = await model.find({ status: { $in: ['active', 'previous'] } }).sort({ created_at: -1, _id: 1 }).lean();
    }
    const active = docs.find((d) => d.status === 'active')!;
    const privateJwk = JSON.parse(box.open(active.private_jwk)) as JWK;
    const key = (await importJWK(privateJwk, ACCESS_TOKEN_ALG)) as CryptoKey;
    const jwks: JSONWebKeySet = { keys: docs.map((d) => JSON.parse(d.public_jwk) as JWK) };
    return { signer: { kid: active._id, key }, jwks, keySet: createLocalJWKSet(jwks) };
  }

  function loaded(): Promise<Loaded> {
    const now = clock.now().getTime();
    if (loading && now - loadedAt >= KEY_RING_REFRESH_MS) loading = null;
    if (!loading) {
      loadedAt = now;
      loading = load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
    }
    return loading;
  }

  return {
    ready: async () => {
      await loaded();
    },
    async jwks(): Promise<JSONWebKeySet> {
      return (await loaded()).jwks;
    },
    /** Makes a new signing key; the old one stays published as 'previous', older ones retire. */
    async rotate(): Promise<string> {
      await model.updateMany({ status: 'previous' }, { $set: { status: 'retired' } });
      await model.updateMany({ status: 'active' }, { $set: { status: 'previous' } });
      loading = null;
      return (await loaded()).signer.kid;
    },
    async sign(claims: Omit<AccessTokenClaims, 'iss' | 'aud' | 'iat' | 'exp' | 'sub'>, sub: string, expiresAt: number): Promise<string> {
      const { signer } = await loaded();
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: signer.kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(expiresAt)
        .sign(signer.key);
    },
    async verify(token: string): Promise<AccessTokenClaims> {
      const { keySet } = await loaded();
      try {
        return await verifyAccessTokenWith(keySet, token, { issuer, currentDate: clock.now() });
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
        const kid = publishedKidOf(token);
        if (!kid || !(await model.exists({ _id: kid, status: { $in: ['active', 'previous'] } }))) throw error;
        loading = null;
        const fresh = await loaded();
        return verifyAccessTokenWith(fresh.keySet, token, { issuer, currentDate: clock.now() });
      }
    },
  };
}

export type KeyRing = ReturnType<typeof createKeyRing>;

