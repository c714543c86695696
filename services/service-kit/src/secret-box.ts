import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ENC_PREFIX = 'enc:v1:';

/**
 * Seals secrets at rest (identity's signing keys and TOTP secrets, nudge's VAPID private key) with
 * AES-256-GCM under a key derived from KEY_ENCRYPTION_SECRET and a purpose label, so one secret
 * gives each service its own key. Without a secret values are stored as they are (development only).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(stored: string): string;
  readonly encrypting: boolean;
}

/** `purpose` separates the keys of different uses of one secret (e.g. 'croft-identity-keys'). */
export function secretBox(secret: string | undefined, purpose: string): SecretBox {
  const key = secret ? createHash('sha256').update(`${purpose}\n${secret}`).digest() : undefined;
  return {
    encrypting: key !== undefined,
    seal(plain) {
      if (!key) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${ENC_PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(ENC_PREFIX)) return stored;
      if (!key) throw new Error('A stored secret is encrypted but KEY_ENCRYPTION_SECRET is not set');
      const [iv, tag, data] = stored.slice(ENC_PREFIX.length).split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
