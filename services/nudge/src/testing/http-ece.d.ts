// http_ece has no types of its own: the part the tests use (RFC 8188 aes128gcm decryption, RFC 8291 keys).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; dh?: string; authSecret?: string; keyid?: string }): Buffer;
}
