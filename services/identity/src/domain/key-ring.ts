import {
  SignJWT,
  calculateJwkThumbprint,
  createLocalJWKSet,
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

interface Loaded {
  signer: Signer;
  jwks: JSONWebKeySet;
  keySet: ReturnType<typeof createLocalJWKSet>;
}

/**
 * ES256 signing keys persisted in identity_keys (private JWK sealed by the SecretBox), so tokens
 * survive restarts. The newest 'active' key signs; 'active' and 'previous' keys are published in
 * the JWKS, so tokens signed just before a rotation still verify.
 */
export function createKeyRing(options: { model: Model<SigningKeyDoc>; box: SecretBox; clock: Clock; logger: Logger; issuer: string }) {
  const { model, box, clock, logger, issuer } = options;
  let loading: Promise<Loaded> | null = null;

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
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
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
      return verifyAccessTokenWith(keySet, token, { issuer, currentDate: clock.now() });
    },
  };
}

export type KeyRing = ReturnType<typeof createKeyRing>;

