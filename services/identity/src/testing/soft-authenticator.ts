/**
 * A software WebAuthn authenticator for tests (node:crypto, ES256): produces real
 * RegistrationResponseJSON (attestation 'none') and AuthenticationResponseJSON that
 * @simplewebauthn/server verifies exactly as it would a browser's.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  /** What the authenticator hashes as the RP ID (default: the options' rp id / the authenticator's rpId). */
  rpId?: string;
  /** The origin written into clientDataJSON. */
  origin?: string;
  /** The challenge written into clientDataJSON (default: the options' challenge). */
  challenge?: string;
  /** Sign count to report (default: the credential's counter + 1). */
  counter?: number;
}

export interface RegistrationOptionsLike {
  challenge: string;
  rp?: { id?: string };
  user?: { id: string };
}

export interface AuthenticationOptionsLike {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  readonly aaguid: string;
  readonly origin: string;
  readonly rpId: string;
  readonly backedUp: boolean;

  constructor(options: { origin: string; rpId?: string; aaguid?: string; backedUp?: boolean }) {
    this.origin = options.origin;
    this.rpId = options.rpId ?? new URL(options.origin).hostname;
    this.aaguid = options.aaguid ?? '00000000-0000-0000-0000-000000000000';
    this.backedUp = options.backedUp ?? false;
  }

  private flags(extra: number): number {
    return FLAG_UP | FLAG_UV | extra | (this.backedUp ? FLAG_BE | FLAG_BS : 0);
  }

  /** navigator.credentials.create(): a new ES256 credential, attestation 'none'. */
  register(options: RegistrationOptionsLike, overrides: CeremonyOverrides = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(32);
    const counter = overrides.counter ?? 0;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rp?.id ?? this.rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      uint32(counter),
      Buffer.from(this.aaguid.replace(/-/g, ''), 'hex'),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const credential: SoftCredential = { id: b64url(credentialId), privateKey, userHandle: options.user?.id ?? '', counter };
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'] as ('internal' | 'hybrid')[],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }

  /** navigator.credentials.get(): an assertion by the chosen credential (default: the first allowed one, else the newest). */
  authenticate(options: AuthenticationOptionsLike, overrides: CeremonyOverrides & { credential?: SoftCredential } = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential =
      overrides.credential ??
      (allowed.length ? this.credentials.find((c) => allowed.includes(c.id)) : this.credentials.at(-1));
    if (!credential) throw new Error('SoftAuthenticator: no matching credential');
    const counter = overrides.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rpId ?? this.rpId),
      Buffer.from([this.flags(0)]),
      uint32(counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey); // DER
    return {
      id: credential.id,
      rawId: credential.id,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }
}
